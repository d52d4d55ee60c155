import type { OrderJson } from '@lumina/shared/orders/order-schemas';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { App } from '../app.ts';
import type { Database } from '../db/database.ts';
import { productVariants } from '../db/schema/products.ts';
import type { UserRow } from '../db/schema/users.ts';
import { checkoutBody } from './checkout-body.ts';
import type { VariantInput } from '../modules/catalog/product-record.ts';
import { createProduct, insertProducts } from './product-builder.ts';
import { bearerHeader, createUser, signIn } from './user-builder.ts';

/** A Correios code with a valid check digit (REFERENCE.md). */
export const TRACKING = 'AA473124829BR';

let sequence = 0;

/**
 * A shop of returnable things: headers signed at the clock's current time (access tokens last
 * 15 minutes, and these tests move the clock by days), products with two variants each.
 */
export function returnsFixture(app: App, database: Database) {
  async function headersOf(user: Pick<UserRow, 'id' | 'role'>) {
    return bearerHeader((await signIn(app, user)).access_token);
  }

  async function call(
    user: Pick<UserRow, 'id' | 'role'>,
    method: 'GET' | 'POST',
    url: string,
    payload?: object,
  ) {
    return app.inject({ method, url: `/api${url}`, headers: await headersOf(user), payload });
  }

  /**
   * A product in 8 mm and 10 mm (price R$ 100, PIX R$ 90), with the ids of both variants, and a
   * 12 mm at prices of its own (R$ 120 unless told; no explicit PIX price: the store's discount).
   */
  async function ring(
    stock = 5,
    twelve: Pick<VariantInput, 'price_cents' | 'pix_price_cents'> = { price_cents: 12000 },
  ) {
    sequence += 1;
    const sku = `DEV-${sequence}`;
    const [productId] = (await insertProducts(database.db, [
      createProduct({
        name: `Argola Devolução ${sequence}`,
        sku,
        price_cents: 10000,
        pix_price_cents: 9000,
        options: [{ name: 'Diâmetro', values: ['8 mm', '10 mm', '12 mm'] }],
        variants: [
          { sku: `${sku}-8`, option_values: { Diâmetro: '8 mm' }, stock_quantity: stock },
          { sku: `${sku}-10`, option_values: { Diâmetro: '10 mm' }, stock_quantity: stock },
          {
            sku: `${sku}-12`,
            option_values: { Diâmetro: '12 mm' },
            stock_quantity: stock,
            ...twelve,
          },
        ],
      }),
    ])) as [number];
    const variants = await database.db
      .select({ id: productVariants.id, sku: productVariants.sku })
      .from(productVariants)
      .where(eq(productVariants.productId, productId));
    const idOf = (suffix: string) => variants.find((v) => v.sku === `${sku}-${suffix}`)!.id;
    return { productId, eight: idOf('8'), ten: idOf('10'), twelve: idOf('12') };
  }

  async function variantStock(variantId: number): Promise<number> {
    const [row] = await database.db
      .select({ stock: productVariants.stockQuantity })
      .from(productVariants)
      .where(eq(productVariants.id, variantId));
    return row?.stock ?? Number.NaN;
  }

  /**
   * A customer's order of `lines`, placed and its PIX charge issued; `confirm` lets an
   * administrator confirm it (the built-in PIX seen in the bank).
   */
  async function placed(
    lines: { productId: number; variantId: number; quantity: number }[],
    options: { admin?: UserRow; email?: string } = {},
  ) {
    sequence += 1;
    const email = options.email ?? `devolucao${sequence}@example.com`;
    const buyer = await createUser(database, { email });
    for (const line of lines) {
      const added = await call(buyer, 'POST', '/carts/items', {
        product_id: line.productId,
        variant_id: line.variantId,
        quantity: line.quantity,
      });
      expect(added.statusCode).toBe(201);
    }
    const created = await call(buyer, 'POST', '/orders', checkoutBody({ customer_email: email }));
    expect(created.statusCode).toBe(201);
    const order = created.json<{ order: OrderJson }>().order;
    const payment = await call(buyer, 'POST', `/orders/${order.id}/mercadopago_payment`, {
      payment_method: 'pix',
    });
    expect(payment.statusCode).toBe(200);
    return { buyer, email, order, payment: payment.json<{ gateway_payment_id: string }>() };
  }

  async function adminAct(admin: UserRow, orderId: number, action: string, payload?: object) {
    const response = await call(admin, 'POST', `/admin/orders/${orderId}/${action}`, payload);
    expect(response.statusCode, `${action}: ${response.body}`).toBe(200);
  }

  async function orderOf(user: Pick<UserRow, 'id' | 'role'>, orderId: number) {
    const response = await call(user, 'GET', `/orders/${orderId}`);
    expect(response.statusCode).toBe(200);
    return response.json<{ order: OrderJson }>().order;
  }

  return { headersOf, call, ring, variantStock, placed, adminAct, orderOf };
}

export type ReturnsFixture = ReturnType<typeof returnsFixture>;
