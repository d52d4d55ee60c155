import { eq, sql } from 'drizzle-orm';
import type { OrderPaymentMethod } from '@lumina/shared/payments/payment-methods';
import type { Db } from '../../db/database.ts';
import { orderItems, type OrderRow, orders } from '../../db/schema/orders.ts';
import type { OrderActor, OrderLifecycle } from './lifecycle-service.ts';

/**
 * Prices an unpaid order for the method of a new payment attempt, in the caller's transaction
 * with the order locked (the transaction that creates the attempt): each item at its PIX price
 * for PIX, at its list price for a card or a boleto, so the order's total is what the attempt
 * charges. Stock and freight stay as they are. A paid, cancelled or otherwise settled order is
 * never re-priced: it answers as it is.
 */
export async function repriceForMethod(
  tx: Db,
  lifecycle: Pick<OrderLifecycle, 'note'>,
  order: OrderRow,
  method: OrderPaymentMethod,
  by: OrderActor,
  at: Date,
): Promise<OrderRow> {
  if (order.paymentMethod === method) return order;
  if (order.status !== 'pending' || order.paymentStatus !== 'pending') return order;
  const unit = method === 'pix' ? orderItems.pixPriceCents : orderItems.listPriceCents;
  await tx
    .update(orderItems)
    .set({ unitPriceCents: sql`${unit}`, totalCents: sql`${unit} * ${orderItems.quantity}` })
    .where(eq(orderItems.orderId, order.id));
  const subtotal = sql<number>`(select coalesce(sum(${orderItems.totalCents}), 0)::integer from ${orderItems} where ${orderItems.orderId} = ${order.id}::integer)`;
  const [updated] = await tx
    .update(orders)
    .set({
      paymentMethod: method,
      subtotalCents: subtotal,
      totalCents: sql`${subtotal} + ${orders.shippingCents}`,
      updatedAt: at,
    })
    .where(eq(orders.id, order.id))
    .returning();
  if (!updated) throw new Error(`order ${order.id} vanished under its lock`);
  await lifecycle.note(tx, updated, 'repriced', by, {
    from_method: order.paymentMethod,
    to_method: method,
    from_total_cents: order.totalCents,
    to_total_cents: updated.totalCents,
  });
  return updated;
}
