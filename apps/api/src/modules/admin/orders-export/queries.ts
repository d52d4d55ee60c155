import { STORE_TIME_ZONE } from '@lumina/shared/validation/calendar-date';
import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Db } from '../../../db/database.ts';
import { orderItems, orders, type PaymentMethod } from '../../../db/schema/orders.ts';

/** What the export reads of one order, each owner's part in its own columns. */
export interface ExportedOrder {
  id: number;
  orderNumber: string;
  createdAt: Date;
  paidAt: Date | null;
  status: (typeof orders.$inferSelect)['status'];
  customerName: string;
  customerEmail: string | null;
  customerCpf: string | null;
  couponCode: string | null;
  discountCents: number;
  shippingCents: number;
  totalCents: number;
  paymentMethod: PaymentMethod;
  /** Of the approved payment (cards); null otherwise. */
  installments: number | null;
  /** What the provider kept of the approved payment, when it said (MercadoPago); else null. */
  feeCents: number | null;
  /** Completed refunds: money that went back. */
  refundedCents: number;
  invoiceNumber: string | null;
  invoiceKey: string | null;
}

export interface ExportedItem {
  orderId: number;
  sku: string;
  productName: string;
  quantity: number;
  listPriceCents: number;
  unitPriceCents: number;
  totalCents: number;
}

/** Midnight of a 'YYYY-MM-DD' day in the shop's time zone. */
const startOfDay = (day: string) => sql`(${day}::date)::timestamp at time zone ${STORE_TIME_ZONE}`;

/**
 * The orders created on the shop's days `from` to `to` (both included), oldest first, with their
 * items, at most `maxItems` items (the caller refuses a period past it: one more is read to know).
 */
export async function ordersForExport(
  db: Db,
  range: { from: string; to: string },
  maxItems: number,
): Promise<{ orders: ExportedOrder[]; items: ExportedItem[] }> {
  const inRange = and(
    gte(orders.createdAt, startOfDay(range.from)),
    lt(orders.createdAt, sql`${startOfDay(range.to)} + interval '1 day'`),
  );
  // Qualified by hand: drizzle writes a lone column of a one-table select as "id", which inside a
  // subquery would name the subquery's own table's id.
  const orderId = sql.raw('"orders"."id"');
  // Of the payment that collected the order; a failed or expired attempt says nothing.
  const approved = (column: 'installments' | 'fee_cents') =>
    sql`(select p.${sql.raw(column)} from payments p where p.order_id = ${orderId} and p.status = 'approved' order by p.approved_at desc nulls last, p.id desc limit 1)`;
  const rows = await db
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      createdAt: orders.createdAt,
      paidAt: orders.paidAt,
      status: orders.status,
      customerName: orders.customerName,
      customerEmail: orders.customerEmail,
      customerCpf: orders.customerCpf,
      couponCode: orders.couponCode,
      discountCents: orders.discountCents,
      shippingCents: orders.shippingCents,
      totalCents: orders.totalCents,
      paymentMethod: orders.paymentMethod,
      installments: sql<number | null>`${approved('installments')}`,
      feeCents: sql<number | null>`${approved('fee_cents')}`,
      refundedCents: sql<number>`(select coalesce(sum(r.amount_cents), 0)::integer from refunds r where r.order_id = ${orderId} and r.status = 'completed')`,
      // The live NF-e: one per order at most (a cancelled one leaves room for a new one).
      invoiceNumber: sql<
        string | null
      >`(select i.number from invoices i where i.order_id = ${orderId} and i.state <> 'cancelled' order by i.id desc limit 1)`,
      invoiceKey: sql<
        string | null
      >`(select i.access_key from invoices i where i.order_id = ${orderId} and i.state <> 'cancelled' order by i.id desc limit 1)`,
    })
    .from(orders)
    .where(inRange)
    .orderBy(asc(orders.createdAt), asc(orders.id))
    // Every order has an item: more orders than that means more items too.
    .limit(maxItems + 1);
  const items = await db
    .select({
      orderId: orderItems.orderId,
      sku: orderItems.sku,
      productName: orderItems.productName,
      quantity: orderItems.quantity,
      listPriceCents: orderItems.listPriceCents,
      unitPriceCents: orderItems.unitPriceCents,
      totalCents: orderItems.totalCents,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(inRange)
    .orderBy(asc(orderItems.orderId), asc(orderItems.id))
    .limit(maxItems + 1);
  return {
    orders: rows.map((row) => ({
      ...row,
      installments: row.installments === null ? null : Number(row.installments),
      feeCents: row.feeCents === null ? null : Number(row.feeCents),
      refundedCents: Number(row.refundedCents),
    })),
    items,
  };
}
