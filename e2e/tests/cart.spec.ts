// The cart as a shopper meets it (spec 000 §2, §4): a visitor fills an anonymous cart
// from the product cards, changes a quantity, logs in and finds the same cart, then quotes PAC and
// SEDEX for a CEP and sees the total follow; the product page's result modal says when the stock
// is short and adjusts the quantity. One account, one login (the API throttles both per IP).
import type { Locator, Page } from '@playwright/test';
import {
  loginThroughHeader,
  newAccount,
  registerThroughApi,
  siteHeader,
} from './support/accounts.ts';
import { listProducts, productTitle, type ApiProduct } from './support/catalog-api.ts';
import { acceptCookies } from './support/cookie-banner.ts';
import { expect, test } from './support/test.ts';

// Login waits for password hashing (argon2id) and the page walks several views.
test.describe.configure({ timeout: 60_000 });

/** The product fields these tests read beyond the shared ApiProduct. */
type Product = ApiProduct & { options?: { name: string; values: string[] }[] };

/**
 * Active products with at least `minStock` units and no options: sold through their one variant,
 * so the card adds them and the page's stock is theirs (choosing a variant is not these tests').
 */
async function productsInStock(page: Page, minStock: number): Promise<Product[]> {
  const products = (await listProducts(page.request)) as Product[];
  return products.filter(
    (p) =>
      p.active &&
      p.stock_status === 'in_stock' &&
      p.stock_quantity >= minStock &&
      (p.options ?? []).length === 0,
  );
}

/** 'R$ 1.234,56' -> 123456 */
function cents(text: string): number {
  const digits = /R\$\s*([\d.]+),(\d{2})/.exec(text);
  if (!digits) throw new Error(`No amount in "${text}"`);
  return Number(digits[1]!.replace(/\./g, '')) * 100 + Number(digits[2]);
}

async function amountOf(locator: Locator): Promise<number> {
  return cents((await locator.textContent()) ?? '');
}

function cardOf(page: Page, product: Product) {
  return page
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { name: productTitle(product.name), exact: true }) })
    .first();
}

async function addFromCard(page: Page, product: Product) {
  await cardOf(page, product).getByRole('button', { name: 'Adicionar ao carrinho' }).click();
  const dialog = page.getByRole('dialog', { name: 'Produto Adicionado!' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Continuar comprando' }).click();
  await expect(dialog).toBeHidden();
}

function cartLine(page: Page, product: Product) {
  return page
    .getByRole('region', { name: 'Itens do carrinho' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('link', { name: product.name, exact: true }) });
}

test("a visitor's cart survives the login, and PAC or SEDEX change the total", async ({ page }) => {
  const account = newAccount('carrinho');
  await registerThroughApi(page.request, account);
  const [first, second] = await productsInStock(page, 3);
  if (!first || !second) throw new Error('The demo catalogue needs two products in stock');

  await page.goto('/produtos');
  await acceptCookies(page);
  const header = siteHeader(page);
  await expect(header.getByRole('link', { name: 'Carrinho, 0 itens' })).toBeVisible();
  await addFromCard(page, first);
  await addFromCard(page, second);
  await expect(header.getByRole('link', { name: 'Carrinho, 2 itens' })).toBeVisible();

  // The header's panel lists both on hover, and leads to the cart page.
  await header.getByRole('link', { name: 'Carrinho, 2 itens' }).hover();
  const panel = header.getByRole('region', { name: 'Resumo do carrinho' });
  await expect(panel.getByRole('link', { name: first.name, exact: true })).toBeVisible();
  await expect(panel.getByRole('link', { name: second.name, exact: true })).toBeVisible();
  await panel.getByRole('link', { name: 'Ver carrinho' }).click();
  await expect(page).toHaveURL(/\/carrinho$/);
  await expect(panel).toBeHidden();

  const firstLine = cartLine(page, first);
  await firstLine.getByRole('button', { name: 'Adicionar uma unidade' }).click();
  await expect(firstLine.getByRole('group', { name: `Quantidade de ${first.name}` })).toContainText(
    '2',
  );
  await expect(header.getByRole('link', { name: 'Carrinho, 3 itens' })).toBeVisible();
  const summary = page.getByRole('complementary', { name: 'Resumo' });
  const subtotal = summary.getByText(/^Subtotal/).locator('xpath=following-sibling::dd');
  await expect(subtotal).toHaveText(/R\$/);
  const expectedSubtotal = 2 * first.price_cents + second.price_cents;
  expect(await amountOf(subtotal)).toBe(expectedSubtotal);

  // Shipping needs an account: the visitor is told so.
  await expect(summary.getByText('Você precisa estar logado para calcular o frete')).toBeVisible();

  await loginThroughHeader(page, account);
  // The same cart, now the account's (the server moved it at the login).
  await expect(firstLine.getByRole('group', { name: `Quantidade de ${first.name}` })).toContainText(
    '2',
  );
  await expect(cartLine(page, second)).toBeVisible();
  await expect(header.getByRole('link', { name: 'Carrinho, 3 itens' })).toBeVisible();
  await expect(summary.getByText('Você precisa estar logado para calcular o frete')).toBeHidden();

  const cep = summary.getByLabel('CEP');
  const calculate = summary.getByRole('button', { name: 'Calcular' });
  await cep.fill('2004002');
  await expect(calculate).toBeDisabled();
  await cep.fill('20040020');
  await expect(cep).toHaveValue('20040-020');
  await expect(calculate).toBeEnabled();

  const total = summary.getByText('Total', { exact: true }).locator('xpath=following-sibling::dd');
  const shippingCost = summary.locator('dd').nth(1);
  const totals: Record<string, number> = {};
  for (const method of ['PAC', 'SEDEX']) {
    await summary
      .locator('label')
      .filter({ hasText: new RegExp(`^${method}$`) })
      .click();
    await expect(summary.getByRole('radio', { name: method })).toBeChecked();
    await calculate.click();
    await expect(summary.getByText(`Frete (${method})`)).toBeVisible();
    const cost = (await shippingCost.textContent()) === 'Grátis' ? 0 : await amountOf(shippingCost);
    expect(await amountOf(total)).toBe(expectedSubtotal + cost);
    totals[method] = expectedSubtotal + cost;
  }
  expect(totals.SEDEX, 'SEDEX costs more than PAC').toBeGreaterThan(totals.PAC!);

  // The checkout is for logged-in shoppers: now a link to it.
  await expect(summary.getByRole('link', { name: 'Finalizar compra' })).toHaveAttribute(
    'href',
    '/checkout',
  );
});

test.describe('stock refusals', () => {
  // The API answers the refusal with a 422, which Chromium logs as a failed resource.
  test.use({ allowedConsoleErrors: [/status of 422/] });

  test('the product page warns when the stock is short and adjusts the quantity', async ({
    page,
  }) => {
    // Few units, so the test asks for more than there are without typing large numbers.
    const product = (await productsInStock(page, 3)).sort(
      (a, b) => a.stock_quantity - b.stock_quantity,
    )[0];
    if (!product) throw new Error('The demo catalogue needs a product with 3 or more units');
    const stock = product.stock_quantity;

    await page.goto(`/produto/${product.id}`);
    await acceptCookies(page);
    const main = page.getByRole('main');
    const quantity = main.getByLabel('Quantidade');
    await quantity.fill(String(stock - 1));
    await main.getByRole('button', { name: 'Comprar', exact: true }).click();
    const added = page.getByRole('dialog', { name: 'Produto Adicionado!' });
    await expect(added).toContainText(`${stock - 1} unidades`);
    await added.getByRole('button', { name: 'Continuar comprando' }).click();

    // Two more than the cart can still take: the server refuses, the modal says why.
    await quantity.fill('2');
    await main.getByRole('button', { name: 'Comprar', exact: true }).click();
    const warning = page.getByRole('dialog', { name: 'Estoque Insuficiente' });
    await expect(warning).toContainText(
      `Quantidade solicitada (${stock + 1}) excede o estoque disponível (${stock} unidades)`,
    );
    await expect(warning).toContainText('Você pode adicionar até 1 unidade.');
    await warning.getByRole('button', { name: 'Ajustar Quantidade' }).click();
    await expect(page.getByRole('dialog', { name: 'Produto Adicionado!' })).toContainText(
      '1 unidade',
    );
    await expect(quantity).toHaveValue('1');
    await page.getByRole('dialog').getByRole('link', { name: 'Ir para o carrinho' }).click();

    await expect(page).toHaveURL(/\/carrinho$/);
    const line = cartLine(page, product);
    await expect(line.getByRole('group', { name: `Quantidade de ${product.name}` })).toContainText(
      String(stock),
    );
    // At the stock the plus button stops.
    await expect(line.getByRole('button', { name: 'Adicionar uma unidade' })).toBeDisabled();
  });
});

test('on phones the header cart is a link to the cart page @phone', async ({ page }) => {
  await page.goto('/');
  await acceptCookies(page);
  await siteHeader(page).getByRole('link', { name: 'Carrinho, 0 itens' }).click();
  await expect(page).toHaveURL(/\/carrinho$/);
  await expect(page.getByRole('heading', { name: 'Seu carrinho está vazio' })).toBeVisible();
  await page.getByRole('link', { name: 'Ver produtos' }).click();
  await expect(page).toHaveURL(/\/produtos$/);
});
