// Products sold in variants: the shopper picks the options on the product page (radios, sold-out
// values crossed out but shown), the choice lives in the address (?variante=SKU) and in the
// server's HTML, the last unit of one variant is bought and that variant then reads 'Esgotado'
// while its siblings still sell. The owner, on a phone, creates a product with an option and
// sees its variants in the panel and in the shop. Screenshots go to SHOT_DIR for review.
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import {
  expectLoggedIn,
  loginThroughHeader,
  newAccount,
  readAndCloseToast,
  shopAdministrator,
  siteHeader,
} from './support/accounts.ts';
import {
  type ApiProductWithVariants,
  listProducts,
  productDetail,
  productTitle,
} from './support/catalog-api.ts';
import { acceptCookies } from './support/cookie-banner.ts';
import { screenshots } from './support/shots.ts';
import { expect, test } from './support/test.ts';

/** The demo's captive ring: Diâmetro 8/10/12mm × Espessura 1,2/1,6mm, 8mm/1,6mm sold out. */
async function captiveRing(request: APIRequestContext): Promise<ApiProductWithVariants> {
  const listed = (await listProducts(request)).find((p) =>
    p.name.startsWith('Argola Captive Bead Aço Cirúrgico'),
  );
  if (!listed) throw new Error('The demo catalogue needs its captive bead ring');
  return productDetail(request, listed.id);
}

function variantOf(product: ApiProductWithVariants, diameter: string, thickness: string) {
  const variant = product.variants.find(
    (v) => v.option_values['Diâmetro'] === diameter && v.option_values['Espessura'] === thickness,
  );
  if (!variant) throw new Error(`No variant ${diameter}/${thickness}`);
  return variant;
}

function optionGroup(page: Page, name: string): Locator {
  return page.getByRole('main').getByRole('radiogroup', { name });
}

/** Scrolls an element to the middle of the screen, for a screenshot of it and around it. */
async function centre(element: Locator): Promise<void> {
  await element.evaluate((node) => node.scrollIntoView({ block: 'center' }));
}

async function isCrossedOut(radio: Locator): Promise<boolean> {
  return radio.evaluate((element) =>
    getComputedStyle(element).textDecorationLine.includes('line-through'),
  );
}

// Register waits for password hashing (argon2id); the journey walks several pages.
test.describe.configure({ timeout: 120_000 });
// The checkout looks the CEP up as it is typed; the test server has no internet (503).
test.use({ allowedConsoleErrors: [/status of 503/] });

test('a shopper picks a variant, shares its link, buys its last unit and then finds it sold out', async ({
  page,
  browser,
}) => {
  const ring = await captiveRing(page.request);
  const last = variantOf(ring, '8mm', '1,2mm');
  const soldOut = variantOf(ring, '8mm', '1,6mm');
  // A fresh database each run: the demo keeps exactly one 8 mm ring in 1,2 mm.
  expect(last.stock_quantity, 'the demo has one 8mm/1,2mm ring').toBe(1);
  expect(soldOut.stock_quantity).toBe(0);
  const title = productTitle(ring.name);

  await page.goto(`/produto/${ring.id}`);
  await acceptCookies(page);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const diameter = optionGroup(page, 'Diâmetro');
  const thickness = optionGroup(page, 'Espessura');
  await expect(diameter.getByRole('radio')).toHaveCount(3);
  await expect(thickness.getByRole('radio')).toHaveCount(2);
  // The name's one size ('- Tamanho: 10mm; Espessura: 1,2mm') is not shown beside the options.
  await expect(main.getByRole('term')).toHaveCount(0);

  // Buying before choosing names what is missing, in pt-BR.
  const buy = main.getByRole('button', { name: 'Comprar', exact: true });
  await buy.click();
  const alert = main.getByRole('alert').filter({ hasText: /^Selecione uma opção/ });
  await expect(alert).toHaveText('Selecione uma opção de Diâmetro e de Espessura.');
  await expect(page.getByRole('dialog', { name: 'Produto Adicionado!' })).toBeHidden();

  // 8 mm chosen: 1,6 mm is sold out in that size, crossed out and still there to see.
  await diameter.getByRole('radio', { name: '8mm', exact: true }).click();
  await expect(alert).toHaveText('Selecione uma opção de Espessura.');
  const thick = thickness.getByRole('radio', { name: '1,6mm (esgotado)' });
  await expect(thick).toBeVisible();
  expect(await isCrossedOut(thick), '1,6mm is crossed out').toBe(true);
  const thin = thickness.getByRole('radio', { name: '1,2mm', exact: true });
  expect(await isCrossedOut(thin), '1,2mm is not crossed out').toBe(false);

  // 8 mm in 1,2 mm: the address names the variant, the page its last unit.
  await thin.click();
  await expect(page).toHaveURL(new RegExp(`/produto/${ring.id}\\?variante=${last.sku}$`));
  await expect(main.getByText('Última unidade', { exact: true })).toBeVisible();
  await expect(alert).toBeHidden();
  await screenshots(page, 'variants-product-chosen', {
    fullPage: false,
    before: () => centre(diameter),
  });
  await page.setViewportSize({ width: 1280, height: 800 });

  // The shared link opens the same variant, in the browser...
  await page.reload();
  await expect(diameter.getByRole('radio', { name: '8mm', exact: true })).toBeChecked();
  await expect(thickness.getByRole('radio', { name: '1,2mm', exact: true })).toBeChecked();
  await expect(main.getByText('Última unidade', { exact: true })).toBeVisible();
  // ...and in the server's HTML, before any script runs.
  const noScript = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    javaScriptEnabled: false,
    locale: 'pt-BR',
  });
  const plain = await noScript.newPage();
  await plain.goto(`/produto/${ring.id}?variante=${last.sku}`);
  const plainMain = plain.getByRole('main');
  await expect(
    plainMain.getByRole('radiogroup', { name: 'Diâmetro' }).getByRole('radio', { name: '8mm' }),
  ).toBeChecked();
  await expect(
    plainMain
      .getByRole('radiogroup', { name: 'Espessura' })
      .getByRole('radio', { name: '1,2mm', exact: true }),
  ).toBeChecked();
  await expect(plainMain.getByText('Última unidade', { exact: true })).toBeVisible();
  await expect(plainMain.getByText('R$ 29,90').first()).toBeVisible();
  await noScript.close();

  await buy.click();
  const added = page.getByRole('dialog', { name: 'Produto Adicionado!' });
  await expect(added).toBeVisible();
  await added.getByRole('button', { name: 'Continuar comprando' }).click();
  await expect(added).toBeHidden();
  const header = siteHeader(page);
  await expect(header.getByRole('link', { name: 'Carrinho, 1 item' })).toBeVisible();

  // A new account from the auth modal; the visitor's cart becomes the account's.
  const account = newAccount('variante');
  await header.getByRole('button', { name: 'Entrar' }).click();
  await page
    .getByRole('dialog', { name: 'Entrar' })
    .getByRole('button', { name: 'Criar conta' })
    .click();
  const register = page.getByRole('dialog', { name: 'Criar conta' });
  await register.getByLabel('Nome completo').fill(account.name);
  await register.getByLabel('E-mail', { exact: true }).fill(account.email);
  await register.getByLabel('Senha', { exact: true }).fill(account.password);
  await register.getByLabel('Confirmar senha').fill(account.password);
  await register.getByRole('checkbox', { name: /Política de Privacidade/ }).check();
  await register.getByRole('checkbox', { name: /Termos de Serviço/ }).check();
  await register.getByRole('button', { name: 'Criar conta' }).click();
  await expect(register).toBeHidden();
  await readAndCloseToast(page, 'Conta criada com sucesso! Você já está conectado.');
  await expectLoggedIn(page, account);

  // The cart line names the variant's values and links back to it.
  await header.getByRole('link', { name: 'Carrinho, 1 item' }).click();
  await expect(page).toHaveURL(/\/carrinho$/);
  const items = page.getByRole('region', { name: 'Itens do carrinho' });
  await expect(items.getByText('Diâmetro: 8mm · Espessura: 1,2mm')).toBeVisible();
  // The name's own 'Tamanho: 10mm; Espessura: 1,2mm' would contradict the line's variant.
  await expect(items.getByRole('link', { name: title, exact: true })).toHaveAttribute(
    'href',
    `/produto/${ring.id}?variante=${last.sku}`,
  );
  // The pointer leaves the header: over the cart icon it opens the cart's dropdown.
  await page.mouse.move(0, 600);
  await screenshots(page, 'variants-cart');
  await page.setViewportSize({ width: 1280, height: 800 });

  await page
    .getByRole('complementary', { name: 'Resumo' })
    .getByRole('link', { name: 'Finalizar compra' })
    .click();
  await expect(page).toHaveURL(/\/checkout$/);
  const customer = page.getByRole('region', { name: 'Dados do cliente' });
  await customer.getByLabel('Telefone *').fill('11987654321');
  await customer.getByLabel('CEP *').fill('01310100');
  await customer.getByLabel('Rua *').fill('Avenida Paulista');
  await customer.getByLabel('Número *').fill('1000');
  await customer.getByLabel('Bairro *').fill('Bela Vista');
  await customer.getByLabel('Cidade *').fill('São Paulo');
  await customer.getByLabel('Estado *').fill('sp');
  const delivery = page.getByRole('region', { name: 'Entrega' });
  await delivery.locator('label').filter({ hasText: /^PAC$/ }).click();
  await delivery.getByRole('button', { name: 'Calcular' }).click();
  const products = page.getByRole('region', { name: 'Produtos' });
  await expect(products.getByRole('rowheader', { name: 'Frete (PAC)' })).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Forma de pagamento' }).getByRole('radio', { name: 'PIX' }),
  ).toBeChecked();
  await page.getByRole('button', { name: 'Finalizar pedido' }).click();
  await expect(page).toHaveURL(/\/payment-pix\?order_id=\d+&payment_id=\d+$/, {
    timeout: 15_000,
  });

  // The order holds the last unit: the API and then the page say the variant is sold out.
  await expect
    .poll(async () => variantOf(await productDetail(page.request, ring.id), '8mm', '1,2mm'), {
      timeout: 15_000,
    })
    .toMatchObject({ stock_quantity: 0 });
  await expect(async () => {
    await page.goto(`/produto/${ring.id}?variante=${last.sku}`);
    await expect(main.getByText('Esgotado', { exact: true }).first()).toBeVisible({
      timeout: 1_000,
    });
  }).toPass({ timeout: 20_000 });
  await expect(main.getByRole('button', { name: 'Esgotado' })).toBeDisabled();
  await expect(thickness.getByRole('radio', { name: '1,2mm (esgotado)' })).toBeChecked();
  // Both 8 mm thicknesses are gone now: 8 mm reads sold out whatever the thickness.
  await expect(diameter.getByRole('radio', { name: '8mm (esgotado)' })).toBeVisible();
  await screenshots(page, 'variants-product-sold-out', {
    fullPage: false,
    before: () => centre(diameter),
  });
  await page.setViewportSize({ width: 1280, height: 800 });

  // 10 mm in the same thickness still sells.
  await diameter.getByRole('radio', { name: '10mm', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`\\?variante=${variantOf(ring, '10mm', '1,2mm').sku}$`));
  await main.getByRole('button', { name: 'Comprar', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'Produto Adicionado!' })).toBeVisible();
});

test('the administrator, on a phone, creates a product with a Diâmetro option and sees its variants in the panel and the shop', async ({
  page,
}) => {
  const name = `Argola Variantes E2E ${Date.now().toString(36)}`;
  await page.goto('/');
  await acceptCookies(page);
  await loginThroughHeader(page, shopAdministrator());
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/admin/produtos');
  const main = page.getByRole('main');
  await main.getByRole('button', { name: 'Novo produto' }).click();
  const form = page.getByRole('dialog', { name: 'Novo produto' });
  await form.getByLabel('Nome', { exact: true }).fill(name);
  await form.getByLabel('Preço (R$)').fill('59,90');
  await form.getByLabel('Categoria', { exact: true }).selectOption('orelha');
  await form.getByLabel('Descrição', { exact: true }).fill('Uma argola com dois diâmetros.');

  const grid = form.getByRole('region', { name: 'Opções e variantes' });
  await grid.getByRole('button', { name: 'Adicionar opção' }).click();
  await grid.getByLabel('Nome da opção 1').fill('Diâmetro');
  const newValue = grid.getByLabel('Novo valor de Diâmetro');
  await newValue.fill('6 mm');
  await newValue.press('Enter');
  await newValue.fill('8 mm');
  await grid.getByRole('button', { name: 'Adicionar', exact: true }).click();
  await expect(
    grid.getByRole('list', { name: 'Valores de Diâmetro' }).getByRole('listitem'),
  ).toHaveText([/6 mm/, /8 mm/]);
  await expect(grid.getByText('2 variantes', { exact: true })).toBeVisible();
  // With options the stock is each variant's: the product's own field goes away.
  await expect(form.locator('#produto-stock_quantity')).toHaveCount(0);
  await grid.getByLabel('Definir estoque para todos', { exact: true }).fill('5');
  await grid.getByRole('button', { name: 'Definir estoque para todos: aplicar' }).click();
  for (const value of ['6 mm', '8 mm']) {
    await expect(
      grid.getByRole('group', { name: `Variante ${value}` }).getByLabel('Estoque', { exact: true }),
    ).toHaveValue('5');
  }
  await screenshots(page, 'variants-admin-form', {
    fullPage: false,
    before: () =>
      grid.getByRole('heading', { name: 'Opções e variantes' }).scrollIntoViewIfNeeded(),
  });
  await screenshots(page, 'variants-admin-form-cards', {
    fullPage: false,
    before: () => centre(grid.getByRole('group', { name: 'Variante 6 mm' })),
  });
  await page.setViewportSize({ width: 390, height: 844 });

  await form.getByRole('button', { name: 'Salvar' }).click();
  await expect(main.getByText(`Produto criado: ${name}`)).toBeVisible();
  await expect(form).toBeHidden();
  const toggle = main.getByRole('button', { name: `Ver variantes de ${name}` });
  await expect(toggle).toHaveText('Ver variantes (2)');
  await toggle.click();
  const variants = main.getByRole('list', { name: `Variantes de ${name}` });
  await expect(variants.getByRole('listitem')).toHaveCount(2);
  await expect(variants.getByRole('listitem').first()).toContainText('Diâmetro: 6 mm');
  await expect(variants.getByRole('listitem').first()).toContainText('Estoque 5');
  await expect(variants.getByRole('listitem').last()).toContainText('Diâmetro: 8 mm');
  await screenshots(page, 'variants-admin-list', {
    fullPage: false,
    before: () => variants.scrollIntoViewIfNeeded(),
  });

  // The shop's page offers both values.
  const productId = Number(
    (
      (await (await page.request.get('/api/products', { params: { search: name } })).json()) as {
        products: { id: number }[];
      }
    ).products[0]?.id,
  );
  expect(productId).toBeGreaterThan(0);
  await page.goto(`/produto/${productId}`);
  const diameter = optionGroup(page, 'Diâmetro');
  await expect(diameter.getByRole('radio')).toHaveText(['6 mm', '8 mm']);
  await diameter.getByRole('radio', { name: '8 mm' }).click();
  await expect(page.getByRole('main').getByText('Últimas 5 unidades')).toBeVisible();
});
