// The whole purchase as a new visitor makes it (spec 001 §2-§5), on the default configuration:
// the built-in PIX provider in sandbox mode. Browse, add to the cart, register in the auth modal,
// fill /checkout, get the PIX page, simulate the payment, land on /payment-success and find the
// order paid in 'Meus Pedidos', with the product's stock one unit lower. One account (the API
// throttles register per IP). Screenshots of the three checkout pages and of the contract's
// summary go to SHOT_DIR for review.
import type { Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expectLoggedIn, newAccount, readAndCloseToast, siteHeader } from './support/accounts.ts';
import { listProducts, productTitle, type ApiProduct } from './support/catalog-api.ts';
import { acceptCookies } from './support/cookie-banner.ts';
import { saveSettings } from './support/store-settings.ts';
import { expect, test } from './support/test.ts';

/** Outside the repository: pictures for a person to look at, not artefacts of the suite. */
const SHOT_DIR = process.env.E2E_SHOT_DIR ?? join(tmpdir(), 'shots');
const SHOT_SIZES = [
  { name: '390x844', width: 390, height: 844 },
  { name: '1280x800', width: 1280, height: 800 },
] as const;

/** The product fields the product page asks a choice for when there are several. */
type Product = ApiProduct & {
  sizes: string[];
  measures: string[];
  variations: { name: string; options: string[] }[];
};

/** A product bought with one click on 'Comprar': in stock and with nothing to choose. */
async function simpleProduct(page: Page): Promise<Product> {
  const products = (await listProducts(page.request)) as Product[];
  const product = products.find(
    (p) =>
      p.active &&
      p.stock_status === 'in_stock' &&
      p.stock_quantity >= 2 &&
      p.sizes.length <= 1 &&
      p.measures.length <= 1 &&
      p.variations.every((v) => v.options.length <= 1),
  );
  if (!product) throw new Error('The demo catalogue needs an in-stock product without options');
  return product;
}

async function stockOf(page: Page, productId: number): Promise<number> {
  const response = await page.request.get(`/api/products/${productId}`);
  expect(response.ok(), `GET /api/products/${productId} answered ${response.status()}`).toBe(true);
  const body = (await response.json()) as { product?: ApiProduct } & Partial<ApiProduct>;
  return (body.product ?? body).stock_quantity ?? Number.NaN;
}

/** Full-page pictures at a phone's and a laptop's size; the test goes on at the laptop's. */
async function screenshots(page: Page, name: string): Promise<void> {
  mkdirSync(SHOT_DIR, { recursive: true });
  for (const size of SHOT_SIZES) {
    await page.setViewportSize({ width: size.width, height: size.height });
    await page.screenshot({
      path: join(SHOT_DIR, `${name}-${size.name}.png`),
      fullPage: true,
      animations: 'disabled',
    });
  }
}

// Register waits for password hashing (argon2id); the journey walks eight pages.
test.describe.configure({ timeout: 90_000 });
// The checkout looks the CEP up as it is typed; the test server has no internet, so the lookup
// answers 503 (Chromium logs it) and the address stays as typed.
test.use({ allowedConsoleErrors: [/status of 503/] });

test('a new visitor buys a product with PIX in sandbox mode and finds the order paid', async ({
  page,
  request,
}) => {
  // A shop that said who it is and wrote its returns policy: the contract's summary names both.
  await saveSettings(request);
  const product = await simpleProduct(page);
  const stockBefore = await stockOf(page, product.id);
  const account = newAccount('checkout');

  // The catalogue, then the product's page.
  await page.goto('/produtos');
  await acceptCookies(page);
  const card = page
    .getByRole('article')
    .filter({
      has: page.getByRole('heading', { name: productTitle(product.name), exact: true }),
    })
    .first();
  await card.getByRole('heading').getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/produto/${product.id}$`));
  const main = page.getByRole('main');
  await expect(
    main.getByRole('heading', { level: 1, name: productTitle(product.name) }),
  ).toBeVisible();
  await main.getByRole('button', { name: 'Comprar', exact: true }).click();
  const added = page.getByRole('dialog', { name: 'Produto Adicionado!' });
  await expect(added).toBeVisible();
  await added.getByRole('button', { name: 'Continuar comprando' }).click();
  await expect(added).toBeHidden();
  const header = siteHeader(page);
  await expect(header.getByRole('link', { name: 'Carrinho, 1 item' })).toBeVisible();

  // A new account from the auth modal; the visitor's cart becomes the account's.
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

  await header.getByRole('link', { name: 'Carrinho, 1 item' }).click();
  await expect(page).toHaveURL(/\/carrinho$/);
  await expect(
    page
      .getByRole('region', { name: 'Itens do carrinho' })
      .getByRole('link', { name: product.name, exact: true }),
  ).toBeVisible();
  await page
    .getByRole('complementary', { name: 'Resumo' })
    .getByRole('link', { name: 'Finalizar compra' })
    .click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Finalizar compra' })).toBeVisible();

  const products = page.getByRole('region', { name: 'Produtos' });
  await expect(products.getByRole('cell', { name: product.name })).toBeVisible();

  // The form comes filled from the profile; the rest is typed (the CEP lookup is offline).
  const customer = page.getByRole('region', { name: 'Dados do cliente' });
  await expect(customer.getByLabel('Nome completo *')).toHaveValue(account.name);
  await expect(customer.getByLabel('Email *')).toHaveValue(account.email);
  const phone = customer.getByLabel('Telefone *');
  await phone.fill('11987654321');
  await expect(phone).toHaveValue('(11) 98765-4321');
  const zip = customer.getByLabel('CEP *');
  await zip.fill('01310100');
  await expect(zip).toHaveValue('01310-100');
  await customer.getByLabel('Rua *').fill('Avenida Paulista');
  await customer.getByLabel('Número *').fill('1000');
  await customer.getByLabel('Complemento (opcional)').fill('Apto 12');
  await customer.getByLabel('Bairro *').fill('Bela Vista');
  await customer.getByLabel('Cidade *').fill('São Paulo');
  const state = customer.getByLabel('Estado *');
  await state.fill('sp');
  await expect(state).toHaveValue('SP');

  // PAC for the customer's CEP, which the delivery box follows.
  const delivery = page.getByRole('region', { name: 'Entrega' });
  await delivery.locator('label').filter({ hasText: /^PAC$/ }).click();
  await expect(delivery.getByRole('radio', { name: 'PAC' })).toBeChecked();
  await expect(delivery.getByLabel('CEP de entrega')).toHaveValue('01310-100');
  await delivery.getByRole('button', { name: 'Calcular' }).click();
  await expect(products.getByRole('rowheader', { name: 'Frete (PAC)' })).toBeVisible();
  await expect(delivery.getByText(/^PAC/).first()).toBeVisible();

  // The methods appear after a second: PIX chosen, card and boleto coming soon.
  const payment = page.getByRole('region', { name: 'Forma de pagamento' });
  await expect(payment.getByRole('radio', { name: 'PIX' })).toBeChecked();
  await expect(payment.getByRole('radio', { name: 'Cartão de crédito' })).toBeDisabled();
  await expect(payment.getByRole('radio', { name: 'Boleto bancário' })).toBeDisabled();
  await expect(payment.getByText('Em breve', { exact: true })).toHaveCount(2);

  // The contract's summary above 'Finalizar pedido' (Decreto 7.962/2013 art. 4): the totals the
  // products box says, the total without the 5% PIX discount, who sells and the withdrawal.
  const summary = page.getByRole('region', { name: 'Resumo do pedido' });
  const summaryAmount = (label: string) =>
    summary
      .locator('dl > div')
      .filter({ has: page.getByText(label, { exact: true }) })
      .locator('dd');
  const total =
    (await products
      .getByRole('row', { name: /^Total/ })
      .getByRole('cell')
      .textContent()) ?? '';
  await expect(summary).toContainText('1 item');
  await expect(summaryAmount('Total no PIX')).toHaveText(total);
  await expect(summaryAmount('Total sem o desconto do PIX')).toHaveText(/^R\$ [\d.]+,\d\d$/);
  await expect(summaryAmount('Total sem o desconto do PIX')).not.toHaveText(total);
  await expect(summaryAmount('Forma de pagamento')).toHaveText('PIX');
  await expect(summaryAmount('Prazo de entrega')).toHaveText(/^até \d+ (dia útil|dias úteis)$/);
  await expect(summary).toContainText('Vendido por Lumina Piercings');
  await expect(summary).toContainText('Lumina Joias e Acessórios Ltda · CNPJ 11.222.333/0001-81');
  await expect(summary).toContainText(
    'Avenida Paulista, 1000, Sala 12 - Bela Vista - São Paulo/SP - CEP 01310-100',
  );
  await expect(summary).toContainText(
    'Você pode desistir da compra em até 7 dias após o recebimento.',
  );
  await expect(
    summary.getByRole('link', { name: /Política de trocas e devoluções/ }),
  ).toHaveAttribute('href', '/trocas-e-devolucoes');
  for (const size of SHOT_SIZES) {
    await page.setViewportSize({ width: size.width, height: size.height });
    await summary.scrollIntoViewIfNeeded();
    await summary.screenshot({
      path: join(SHOT_DIR, `contract-summary-${size.name}.png`),
      animations: 'disabled',
    });
    // Right above the button, and nothing of it wider than a phone.
    const box = await summary.boundingBox();
    const button = await page.getByRole('button', { name: 'Finalizar pedido' }).boundingBox();
    expect((box?.y ?? 0) + (box?.height ?? 0)).toBeLessThanOrEqual(button?.y ?? 0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      size.width,
    );
  }

  await screenshots(page, 'checkout');

  // Held until 'Processando...' has been seen: a fast server would otherwise hide it.
  let releaseOrder = () => {};
  const orderHeld = new Promise<void>((resolve) => (releaseOrder = resolve));
  await page.route(
    '**/api/orders',
    async (route) => {
      await orderHeld;
      await route.continue();
    },
    { times: 1 },
  );
  await page.getByRole('button', { name: 'Finalizar pedido' }).click();
  await expect(page.getByRole('button', { name: 'Processando...' })).toBeDisabled();
  releaseOrder();

  await expect(page).toHaveURL(/\/payment-pix\?order_id=(\d+)&payment_id=(\d+)$/, {
    timeout: 15_000,
  });
  const orderId = Number(new URL(page.url()).searchParams.get('order_id'));
  // The order emptied the cart on the server; the header follows.
  await expect(header.getByRole('link', { name: 'Carrinho, 0 itens' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Pagamento PIX' })).toBeVisible();
  const orderLine = page.getByText(/^Pedido \S+$/).first();
  await expect(orderLine).toBeVisible();
  const orderNumber = ((await orderLine.textContent()) ?? '').replace(/^Pedido /, '').trim();

  const qr = page.getByRole('img', { name: 'QR Code PIX' });
  await expect(qr).toBeVisible();
  await expect
    .poll(() => qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    .toBe(true);
  await expect(page.getByLabel('Código PIX (copia e cola)')).toHaveValue(/^000201/);
  await expect(page.getByText(/^(29:5\d|30:00)$/)).toBeVisible();
  await expect(
    page.getByRole('status').filter({ hasText: 'Aguardando pagamento...' }),
  ).toBeVisible();

  await screenshots(page, 'payment-pix');

  // The page checks the order at once after the simulation rather than at its next 10 s poll.
  const sandbox = page.getByRole('region', { name: 'Modo de teste' });
  const simulated = page.waitForResponse(
    (response) =>
      response.url().endsWith(`/api/orders/${orderId}/simulate_payment`) &&
      response.request().method() === 'POST',
  );
  await sandbox.getByRole('button', { name: 'Simular pagamento' }).click();
  expect((await simulated).ok(), 'simulate_payment answers 2xx').toBe(true);
  await expect(page).toHaveURL(new RegExp(`/payment-success\\?order_id=${orderId}$`), {
    timeout: 4_000,
  });

  await expect(page.getByRole('heading', { level: 1, name: 'Pagamento aprovado!' })).toBeVisible();
  const receipt = page.getByRole('main').locator('dl');
  await expect(receipt).toContainText(orderNumber);
  await expect(receipt).toContainText('Pago');

  await screenshots(page, 'payment-success');

  await page.getByRole('link', { name: 'Ir para Minha Conta' }).click();
  await expect(page).toHaveURL(/\/minha-conta$/);
  await page
    .getByRole('tablist', { name: 'Áreas da conta' })
    .getByRole('tab', { name: 'Meus Pedidos' })
    .click();
  const order = page.getByRole('article', { name: `Pedido ${orderNumber}` });
  await expect(order.getByRole('group', { name: 'Situação do pedido' })).toContainText('Pago');
  await expect(order).toContainText(product.name);
  await expect(order.getByRole('link', { name: 'Pagar com PIX' })).toBeHidden();

  // The catalogue answers from a short cache: polled until the new figure shows.
  await expect.poll(() => stockOf(page, product.id), { timeout: 15_000 }).toBe(stockBefore - 1);
});

test('an anonymous visitor on the PIX page is told to log in and sent to /minha-conta @phone', async ({
  page,
}) => {
  await page.goto('/payment-pix?order_id=1');
  await expect(page.getByText('Você precisa estar logado para acessar esta página.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Pagamento PIX' })).toBeHidden();
  await expect(page).toHaveURL(/\/minha-conta$/);
  await expect(
    page.getByRole('main').getByRole('heading', { name: 'Entre na sua conta' }),
  ).toBeVisible();
});
