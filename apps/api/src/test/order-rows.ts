import { sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { rowsOf } from '../db/raw-rows.ts';

export interface OrderLine {
  productId: number;
  variantId: number;
  sku: string;
  category: string;
  quantity: number;
  unitCents: number;
  optionValues?: Record<string, string>;
}

export interface OrderRowInput {
  userId: number;
  status: string;
  paidAt: string | null;
  method: 'pix' | 'card' | 'boleto';
  shippingCents: number;
  lines: OrderLine[];
  shippedAt?: string;
}

let nextOrder = 0;

/**
 * An order and its items straight in the tables, as the order module would have left them:
 * placed ten minutes before it was paid, or before `now` if it was not.
 */
export async function insertOrderRow(db: Db, order: OrderRowInput, now: Date): Promise<number> {
  nextOrder += 1;
  const subtotal = order.lines.reduce((sum, line) => sum + line.unitCents * line.quantity, 0);
  const [row] = rowsOf<{ id: number }>(
    await db.execute(sql`
      insert into orders (user_id, status, payment_status, payment_method, customer_name,
        shipping_address, shipping_method, shipping_name, shipping_delivery_days, subtotal_cents,
        shipping_cents, total_cents, paid_at, shipped_at, created_at, idempotency_key)
      values (${order.userId}, ${order.status}, ${order.paidAt ? 'approved' : 'pending'},
        ${order.method}, 'Ana Souza',
        ${JSON.stringify({ street: 'Rua A', number: '1', complement: null, neighborhood: 'Centro', city: 'São Paulo', state: 'SP', zipCode: '01001000' })}::jsonb,
        'pac', 'PAC', 5, ${subtotal}, ${order.shippingCents}, ${subtotal + order.shippingCents},
        ${order.paidAt}::timestamptz, ${order.shippedAt ?? null}::timestamptz,
        coalesce(${order.paidAt}::timestamptz, ${now.toISOString()}::timestamptz) - interval '10 minutes',
        ${`order-row-${nextOrder}`})
      returning id
    `),
  );
  if (!row) throw new Error('order insert returned no row');
  for (const line of order.lines) {
    await db.execute(sql`
      insert into order_items (order_id, product_id, variant_id, option_values, product_name, sku,
        category, list_price_cents, pix_price_cents, unit_price_cents, quantity, total_cents)
      values (${row.id}, ${line.productId}, ${line.variantId},
        ${JSON.stringify(line.optionValues ?? {})}::jsonb, ${`Produto ${line.sku}`}, ${line.sku},
        ${line.category}, ${line.unitCents}, ${line.unitCents}, ${line.unitCents}, ${line.quantity},
        ${line.unitCents * line.quantity})
    `);
  }
  return row.id;
}
