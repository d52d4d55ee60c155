import { eq, sql } from 'drizzle-orm';
import type { OrderPaymentMethod } from '@lumina/shared/payments/payment-methods';
import { paysPixPrice } from '@lumina/shared/payments/payment-methods';
import { priceLines, type PricingResult } from '@lumina/shared/promotions/coupon-rules';
import type { Db } from '../../db/database.ts';
import {
  type OrderItemRow,
  orderItems,
  type OrderPricingRules,
  type OrderRow,
  orders,
} from '../../db/schema/orders.ts';
import { storedRule } from '../promotions/rule-row.ts';
import type { OrderActor, OrderLifecycle } from './lifecycle-service.ts';

/**
 * The items priced again by the discount engine from the rules the order kept, at the order's
 * own time: the coupon and promotions that applied when it was placed apply the same way, only
 * on the other basis (a percent coupon takes its percent of the list price for a card).
 */
export function repriceItems(
  items: readonly OrderItemRow[],
  rules: OrderPricingRules,
  method: OrderPaymentMethod,
  placedAt: Date,
): PricingResult {
  const onSale = new Set(rules.onSaleVariantIds ?? []);
  return priceLines({
    lines: items.map((item) => ({
      key: item.id,
      // A product deleted since then is in no rule's product list.
      productId: item.productId ?? -1,
      category: item.category,
      quantity: item.quantity,
      listCents: item.listPriceCents,
      pixCents: item.pixPriceCents,
      onSale: item.variantId !== null && onSale.has(item.variantId),
    })),
    basis: paysPixPrice(method) ? 'pix' : 'list',
    coupon: rules.coupon ? storedRule(rules.coupon) : null,
    promotions: rules.promotions.map(storedRule),
    now: placedAt,
  });
}

/** An order without discounts: each item at the method's price, in one statement. */
async function repricePlain(tx: Db, order: OrderRow, method: OrderPaymentMethod, at: Date) {
  const unit = paysPixPrice(method) ? orderItems.pixPriceCents : orderItems.listPriceCents;
  await tx
    .update(orderItems)
    .set({ unitPriceCents: sql`${unit}`, totalCents: sql`${unit} * ${orderItems.quantity}` })
    .where(eq(orderItems.orderId, order.id));
  const subtotal = sql<number>`(select coalesce(sum(${orderItems.totalCents}), 0)::integer from ${orderItems} where ${orderItems.orderId} = ${order.id}::integer)`;
  return tx
    .update(orders)
    .set({
      paymentMethod: method,
      subtotalCents: subtotal,
      totalCents: sql`${subtotal} + ${orders.shippingCents}`,
      updatedAt: at,
    })
    .where(eq(orders.id, order.id))
    .returning();
}

/** An order with a coupon or promotions: the engine prices the items, one update writes them. */
async function repriceDiscounted(
  tx: Db,
  order: OrderRow,
  rules: OrderPricingRules,
  method: OrderPaymentMethod,
  at: Date,
) {
  const items = await tx.select().from(orderItems).where(eq(orderItems.orderId, order.id));
  const priced = repriceItems(items, rules, method, order.createdAt);
  const column = (pick: (line: PricingResult['lines'][number]) => number) =>
    `{${priced.lines.map(pick).join(',')}}`;
  await tx.execute(sql`
    update ${orderItems} as i
    set unit_price_cents = p.unit, promotion_discount_cents = p.promotion,
      coupon_discount_cents = p.coupon, total_cents = p.total
    from unnest(${column((line) => line.key)}::integer[], ${column((line) => line.unitCents)}::integer[],
      ${column((line) => line.promotionDiscountCents)}::integer[],
      ${column((line) => line.couponDiscountCents)}::integer[],
      ${column((line) => line.totalCents)}::integer[]) as p(id, unit, promotion, coupon, total)
    where i.id = p.id
  `);
  return tx
    .update(orders)
    .set({
      paymentMethod: method,
      subtotalCents: priced.subtotalCents,
      discountCents: priced.promotionDiscountCents + priced.couponDiscountCents,
      totalCents: priced.totalCents + order.shippingCents,
      updatedAt: at,
    })
    .where(eq(orders.id, order.id))
    .returning();
}

/**
 * Prices an unpaid order for the method of a new payment attempt, in the caller's transaction
 * with the order locked (the transaction that creates the attempt): each item at its PIX price
 * for PIX, at its list price for a card or a boleto, less the discounts of the rules the order
 * kept, so the order's total is what the attempt charges. Stock, freight and the coupon's held
 * use stay as they are. A paid, cancelled or otherwise settled order is never re-priced: it
 * answers as it is.
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
  const [updated] = order.pricingRules
    ? await repriceDiscounted(tx, order, order.pricingRules, method, at)
    : await repricePlain(tx, order, method, at);
  if (!updated) throw new Error(`order ${order.id} vanished under its lock`);
  await lifecycle.note(tx, updated, 'repriced', by, {
    from_method: order.paymentMethod,
    to_method: method,
    from_total_cents: order.totalCents,
    to_total_cents: updated.totalCents,
  });
  return updated;
}
