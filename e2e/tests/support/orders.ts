// A customer's order placed through the API, as the storefront's checkout sends it.
import type { APIRequestContext } from '@playwright/test';
import { newAccount, registerThroughApi } from './accounts.ts';
import { listProducts, type ApiProduct } from './catalog-api.ts';
import { expect } from './test.ts';

/**
 * A new customer who ordered one unit (of `productId`, else of an in-stock demo product) and opened
 * its PIX page, through the API. A product with options needs `variantId`, the variant chosen;
 * one without takes its id alone (its one variant).
 */
export async function customerWithOrder(
  request: APIRequestContext,
  productId?: number,
  variantId?: number,
) {
  const account = newAccount('pedido-admin');
  const { accessToken: token } = await registerThroughApi(request, account);
  const headers = { authorization: `Bearer ${token}` };
  const product =
    productId === undefined
      ? ((await listProducts(request)) as (ApiProduct & { options?: unknown[] })[]).find(
          (p) => p.active && p.stock_quantity >= 2 && (p.options ?? []).length === 0,
        )
      : { id: productId };
  if (!product) throw new Error('The demo catalogue needs a product in stock');
  const added = await request.post('/api/carts/items', {
    headers,
    data: { product_id: product.id, variant_id: variantId, quantity: 1 },
  });
  expect(added.status(), await added.text()).toBe(201);
  const placed = await request.post('/api/orders', {
    headers,
    data: {
      order: {
        customer_name: account.name,
        customer_email: account.email,
        customer_phone: '(11) 98765-4321',
        customer_cpf: '',
        customer_street: 'Rua Augusta',
        customer_number: '1500',
        customer_neighborhood: 'Consolação',
        customer_city: 'São Paulo',
        customer_state: 'SP',
        customer_zip_code: '01310-100',
        payment_method: 'pix',
        shipping_method: 'pac',
      },
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const order = ((await placed.json()) as { order: { id: number; order_number: string } }).order;
  const pix = await request.post(`/api/orders/${order.id}/mercadopago_payment`, {
    headers,
    data: { payment_method: 'pix' },
  });
  expect(pix.status(), await pix.text()).toBe(200);
  // The customer's access token: the web app keeps its own in memory, out of a test's reach.
  return { account, order, token };
}
