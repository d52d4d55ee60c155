// The steps every payment test takes before paying: a new shopper with one simple in-stock
// product in the server cart, signed in, then /checkout filled (address, PAC quoted) with the
// chosen method. The payment specs differ only in what comes after 'Finalizar pedido'.
import type { APIRequestContext, Page } from '@playwright/test';
import {
  type Account,
  loginThroughHeader,
  newAccount,
  registerThroughApi,
} from '../support/accounts.ts';
import { type ApiProduct, listProducts } from '../support/catalog-api.ts';
import { acceptCookies } from '../support/cookie-banner.ts';
import { expect } from '../support/test.ts';

/** MercadoPago's test payer, whose CPF the fake's test cards accept. */
export const TEST_CPF = '12345678909';

export type CheckoutMethod = 'PIX' | 'Cartão de crédito' | 'Boleto bancário';

/** A product bought with one unit and nothing to choose. */
export async function simpleProduct(request: APIRequestContext): Promise<ApiProduct> {
  const products = (await listProducts(request)) as (ApiProduct & { options?: unknown[] })[];
  const product = products.find(
    (p) => p.active && p.stock_quantity >= 2 && (p.options ?? []).length === 0,
  );
  if (!product) throw new Error('The demo catalogue needs an in-stock product without options');
  return product;
}

/** A new customer with one unit of a simple product in the cart, signed in on the page. */
export async function shopperWithCart(
  page: Page,
  request: APIRequestContext,
  label: string,
): Promise<{ account: Account; product: ApiProduct }> {
  const account = newAccount(label);
  const { accessToken } = await registerThroughApi(request, account);
  const product = await simpleProduct(request);
  const added = await request.post('/api/carts/items', {
    headers: { authorization: `Bearer ${accessToken}` },
    data: { product_id: product.id, quantity: 1 },
  });
  expect(added.status(), await added.text()).toBe(201);
  await page.goto('/');
  await acceptCookies(page);
  await loginThroughHeader(page, account);
  return { account, product };
}

/**
 * Fills /checkout's customer and delivery (PAC quoted) and chooses `method`; the summary then
 * names it. The caller clicks 'Finalizar pedido'. A coupon counts its uses by CPF too: a test of
 * one passes a CPF of its own.
 */
export async function fillCheckout(
  page: Page,
  method: CheckoutMethod,
  cpf: string = TEST_CPF,
): Promise<void> {
  await page.goto('/checkout');
  await expect(page.getByRole('heading', { level: 1, name: 'Finalizar compra' })).toBeVisible();
  const customer = page.getByRole('region', { name: 'Dados do cliente' });
  await customer.getByLabel('Telefone *').fill('11987654321');
  await customer.getByLabel('CPF/CNPJ *').fill(cpf);
  await customer.getByLabel('CEP *').fill('01310100');
  await customer.getByLabel('Rua *').fill('Avenida Paulista');
  await customer.getByLabel('Número *').fill('1000');
  await customer.getByLabel('Bairro *').fill('Bela Vista');
  await customer.getByLabel('Cidade *').fill('São Paulo');
  await customer.getByLabel('Estado *').fill('SP');
  const delivery = page.getByRole('region', { name: 'Entrega' });
  await delivery.locator('label').filter({ hasText: /^PAC$/ }).click();
  await delivery.getByRole('button', { name: 'Calcular' }).click();
  await expect(
    page.getByRole('region', { name: 'Produtos' }).getByRole('rowheader', { name: 'Frete (PAC)' }),
  ).toBeVisible();

  const payment = page.getByRole('region', { name: 'Forma de pagamento' });
  const choice = payment.getByRole('radio', { name: new RegExp(`^${method}`) });
  await expect(choice).toBeEnabled();
  await choice.check();
  await expect(
    page
      .getByRole('region', { name: 'Resumo do pedido' })
      .locator('dl > div')
      .filter({ hasText: 'Forma de pagamento' })
      .locator('dd'),
  ).toHaveText(method);
}
