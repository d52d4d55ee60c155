// A customer's order placed through the API, as the storefront's checkout sends it.
import type { APIRequestContext } from '@playwright/test';
import { adminHeaders, newAccount, registerThroughApi } from './accounts.ts';
import { listProducts, type ApiProduct } from './catalog-api.ts';
import { expect } from './test.ts';

/** A Correios code with a valid check digit. */
export const TRACKING = 'AA473124829BR';

/** One unit of a product; a product with options needs `variantId`, the variant chosen. */
export interface OrderLine {
  productId: number;
  variantId?: number;
}

export interface CustomerOrderOptions {
  /** What is bought, one unit of each; by default `count` in-stock demo products without options. */
  lines?: OrderLine[];
  /** How many demo products when `lines` is not given (1). */
  count?: number;
  /** The account's e-mail label ('pedido-admin'). */
  label?: string;
  /**
   * How far the shop has taken the order, through its API: the PIX seen in the bank
   * ('paid'), posted with TRACKING ('shipped'), 'delivered'. Left out: the PIX is open, unpaid.
   */
  until?: 'paid' | 'shipped' | 'delivered';
  /** The buyer's CPF ('' by default: the checkout lets it out). */
  cpf?: string;
}

/** The order's fields the tests read (POST /api/orders answers the whole order). */
export interface PlacedOrder {
  id: number;
  order_number: string;
  total_cents: number;
  items: { id: number; product_name: string; variant_id: number | null }[];
}

async function demoLines(request: APIRequestContext, count: number): Promise<OrderLine[]> {
  const products = ((await listProducts(request)) as (ApiProduct & { options?: unknown[] })[])
    .filter((p) => p.active && p.stock_quantity >= 2 && (p.options ?? []).length === 0)
    .slice(0, count);
  if (products.length < count) throw new Error(`The demo catalogue needs ${count} products`);
  return products.map((product) => ({ productId: product.id }));
}

const STEPS = [
  ['paid', 'confirm_payment', {}],
  ['shipped', 'ship', { tracking_code: TRACKING }],
  ['delivered', 'deliver', {}],
] as const;

/**
 * A new customer who ordered one unit of each line (or of an in-stock demo product) and opened
 * its PIX page, through the API; `until` has the shop take it further.
 */
export async function customerWithOrder(
  request: APIRequestContext,
  options: CustomerOrderOptions = {},
) {
  const account = newAccount(options.label ?? 'pedido-admin');
  const { accessToken: token } = await registerThroughApi(request, account);
  const headers = { authorization: `Bearer ${token}` };
  const lines = options.lines ?? (await demoLines(request, options.count ?? 1));
  for (const line of lines) {
    const added = await request.post('/api/carts/items', {
      headers,
      data: { product_id: line.productId, variant_id: line.variantId, quantity: 1 },
    });
    expect(added.status(), await added.text()).toBe(201);
  }
  const placed = await request.post('/api/orders', {
    headers,
    data: {
      order: {
        customer_name: account.name,
        customer_email: account.email,
        customer_phone: '(11) 98765-4321',
        customer_cpf: options.cpf ?? '',
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
  const order = ((await placed.json()) as { order: PlacedOrder }).order;
  const pix = await request.post(`/api/orders/${order.id}/mercadopago_payment`, {
    headers,
    data: { payment_method: 'pix' },
  });
  expect(pix.status(), await pix.text()).toBe(200);
  if (options.until) {
    const admin = await adminHeaders(request);
    const last = STEPS.findIndex(([until]) => until === options.until);
    for (const [, step, data] of STEPS.slice(0, last + 1)) {
      const answer = await request.post(`/api/admin/orders/${order.id}/${step}`, {
        headers: admin,
        data,
      });
      expect(answer.status(), `${step}: ${await answer.text()}`).toBe(200);
    }
  }
  // The customer's access token: the web app keeps its own in memory, out of a test's reach.
  return { account, order, token };
}
