import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { OrderJson } from '@lumina/shared/orders/order-schemas';
import type { App } from '../app.ts';
import type { Database } from '../db/database.ts';
import { products } from '../db/schema/products.ts';
import { checkoutBody } from './checkout-body.ts';
import { bearerHeader, createUser, signIn } from './user-builder.ts';

export { checkoutBody };

/** A signed-in customer with its bearer header, driving `app` like the web app does. */
export async function shopper(app: App, database: Database) {
  const user = await createUser(database);
  return { user, headers: bearerHeader((await signIn(app, user)).access_token) };
}

export async function addToCart(app: App, headers: object, productId: number, quantity: number) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/carts/items',
    headers: { ...headers },
    payload: { product_id: productId, quantity },
  });
  expect(response.statusCode).toBe(201);
}

export function placeOrder(
  app: App,
  headers: object,
  body: unknown = checkoutBody(),
  key?: string,
) {
  return app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: { ...headers, ...(key && { 'idempotency-key': key }) },
    payload: body as object,
  });
}

export async function stockOf(database: Database, id: number): Promise<number> {
  const [row] = await database.db
    .select({ stock: products.stockQuantity })
    .from(products)
    .where(eq(products.id, id));
  return row?.stock ?? -1;
}

/** POST /api/orders/{id}/mercadopago_payment as the PIX page sends it. */
export function payOrder(
  app: App,
  headers: object,
  orderId: number,
  body: object = { payment_method: 'pix' },
) {
  return app.inject({
    method: 'POST',
    url: `/api/orders/${orderId}/mercadopago_payment`,
    headers: { ...headers },
    payload: body,
  });
}

/** The polling answer of GET /api/orders/{id}. */
export async function orderStatusOf(app: App, headers: object, orderId: number) {
  const response = await app.inject({
    method: 'GET',
    url: `/api/orders/${orderId}`,
    headers: { ...headers },
  });
  return response.json<{ status: string; payment_status: string }>();
}

/** GET /api/orders/{id}: the whole order, its items and what it costs now. */
export async function orderOf(app: App, headers: object, orderId: number): Promise<OrderJson> {
  const response = await app.inject({
    method: 'GET',
    url: `/api/orders/${orderId}`,
    headers: { ...headers },
  });
  expect(response.statusCode).toBe(200);
  return response.json<{ order: OrderJson }>().order;
}
