import { and, desc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import {
  type OrderRow,
  orders,
  paymentEvents,
  type PaymentRow,
  type PaymentRowStatus,
  payments,
} from '../../db/schema/orders.ts';
import { products } from '../../db/schema/products.ts';
import type { PaymentProviderName, ProviderPayment } from '../../integrations/payments/provider.ts';
import { orderStatusAfter, returnsStock } from './transitions.ts';

export interface PaymentChange {
  payment: PaymentRow;
  order: OrderRow;
  from: PaymentRowStatus;
}

/** Pass a transaction as `db` to make several writes one unit. */
export function createPaymentRepository(db: Db) {
  return {
    async findOrder(orderId: number, options: { lock?: boolean } = {}) {
      const query = db.select().from(orders).where(eq(orders.id, orderId));
      const [row] = options.lock ? await query.for('update') : await query;
      return row;
    },

    async findPayment(paymentId: number, options: { lock?: boolean } = {}) {
      const query = db.select().from(payments).where(eq(payments.id, paymentId));
      const [row] = options.lock ? await query.for('update') : await query;
      return row;
    },

    async findByGatewayId(provider: PaymentProviderName, gatewayPaymentId: string) {
      const [row] = await db
        .select()
        .from(payments)
        .where(
          and(eq(payments.provider, provider), eq(payments.gatewayPaymentId, gatewayPaymentId)),
        );
      return row;
    },

    async findByTxid(txid: string) {
      const [row] = await db.select().from(payments).where(eq(payments.txid, txid));
      return row;
    },

    /** The order's payments, newest first. */
    async paymentsOf(orderIds: number[]) {
      if (orderIds.length === 0) return [];
      return db
        .select()
        .from(payments)
        .where(inArray(payments.orderId, orderIds))
        .orderBy(desc(payments.id));
    },

    async insertPayment(values: {
      orderId: number;
      provider: PaymentProviderName;
      amountCents: number;
      expiresAt: Date;
      at: Date;
    }): Promise<PaymentRow> {
      const [row] = await db
        .insert(payments)
        .values({
          orderId: values.orderId,
          provider: values.provider,
          amountCents: values.amountCents,
          expiresAt: values.expiresAt,
          createdAt: values.at,
          updatedAt: values.at,
        })
        .returning();
      if (!row) throw new Error('payment insert returned no row');
      return row;
    },

    /** Stores what the provider issued, once: a second writer finds the charge already there. */
    async attachCharge(paymentId: number, charge: ProviderPayment, at: Date) {
      const [row] = await db
        .update(payments)
        .set({
          gatewayPaymentId: charge.gatewayPaymentId,
          txid: charge.txid,
          qrCode: charge.qrCode,
          qrCodeBase64: charge.qrCodeBase64,
          ticketUrl: charge.ticketUrl,
          updatedAt: at,
        })
        .where(and(eq(payments.id, paymentId), isNull(payments.gatewayPaymentId)))
        .returning();
      return row;
    },

    /** The user's payments that are still open, with their orders' owner checked by the join. */
    async openPaymentsOfUser(userId: number) {
      return db
        .select({ payment: payments })
        .from(payments)
        .innerJoin(orders, eq(orders.id, payments.orderId))
        .where(and(eq(orders.userId, userId), inArray(payments.status, ['pending', 'processing'])))
        .then((rows) => rows.map((row) => row.payment));
    },

    /** Pending payments whose time is up, oldest first. */
    async overduePayments(now: Date, limit: number) {
      return db
        .select()
        .from(payments)
        .where(and(eq(payments.status, 'pending'), lte(payments.expiresAt, now)))
        .orderBy(payments.expiresAt)
        .limit(limit);
    },

    /** Pending orders past their deadline that have no open payment (none was ever issued). */
    async overdueOrdersWithoutPayment(createdBefore: Date, limit: number) {
      return db
        .select({ id: orders.id })
        .from(orders)
        .where(
          and(
            eq(orders.status, 'pending'),
            eq(orders.paymentStatus, 'pending'),
            lte(orders.createdAt, createdBefore),
            sql`not exists (select 1 from ${payments} p where p.order_id = ${orders.id} and p.status in ('pending', 'processing'))`,
          ),
        )
        .limit(limit);
    },

    /**
     * Moves one payment and its order, in the caller's transaction, with both rows locked (order
     * first, as every writer does). Returns undefined when the move is not allowed now: the
     * caller decided on a stale read, or a replay arrived. The unique event key
     * (payment id + status) makes a second application impossible even then.
     */
    async move(
      paymentId: number,
      to: PaymentRowStatus,
      allowed: (from: PaymentRowStatus) => boolean,
      event: { source: string; payload?: Record<string, unknown> },
      at: Date,
    ): Promise<PaymentChange | undefined> {
      const current = await this.findPayment(paymentId);
      if (!current) return undefined;
      const order = await this.findOrder(current.orderId, { lock: true });
      const payment = await this.findPayment(paymentId, { lock: true });
      if (!order || !payment || !allowed(payment.status)) return undefined;

      const inserted = await db
        .insert(paymentEvents)
        .values({
          paymentId,
          source: event.source,
          eventKey: `${paymentId}:${to}`,
          fromStatus: payment.status,
          toStatus: to,
          payload: event.payload ?? null,
          createdAt: at,
        })
        .onConflictDoNothing()
        .returning({ id: paymentEvents.id });
      if (inserted.length === 0) return undefined;

      const [moved] = await db
        .update(payments)
        .set({
          status: to,
          updatedAt: at,
          ...(to === 'approved' ? { approvedAt: at } : {}),
        })
        .where(eq(payments.id, paymentId))
        .returning();
      const orderStatus = orderStatusAfter(to, order.status);
      const [updatedOrder] = await db
        .update(orders)
        .set({
          paymentStatus: to,
          status: orderStatus,
          updatedAt: at,
          ...(to === 'approved' ? { paidAt: at } : {}),
          ...(orderStatus === 'cancelled' && order.status !== 'cancelled'
            ? { cancelledAt: at }
            : {}),
        })
        .where(eq(orders.id, order.id))
        .returning();
      if (returnsStock(to) && orderStatus === 'cancelled') await this.returnStock(order.id, at);
      if (!moved || !updatedOrder) throw new Error('payment move lost its rows');
      return { payment: moved, order: updatedOrder, from: payment.status };
    },

    /** Cancels a pending order that never got a payment, returning its stock. */
    async cancelUnpaidOrder(orderId: number, at: Date): Promise<OrderRow | undefined> {
      const [row] = await db
        .update(orders)
        .set({ status: 'cancelled', paymentStatus: 'cancelled', cancelledAt: at, updatedAt: at })
        .where(
          and(
            eq(orders.id, orderId),
            eq(orders.status, 'pending'),
            eq(orders.paymentStatus, 'pending'),
          ),
        )
        .returning();
      if (row) await this.returnStock(orderId, at);
      return row;
    },

    /**
     * Puts the order's units back, exactly once: the first caller stamps stock_returned_at and
     * only its statement adds anything (one statement, so a crash cannot split the two).
     */
    async returnStock(orderId: number, at: Date): Promise<void> {
      await db.execute(sql`
        with claimed as (
          update ${orders} set stock_returned_at = ${at.toISOString()}::timestamptz
          where id = ${orderId}::integer and stock_returned_at is null
          returning id
        ), units as (
          select product_id, sum(quantity)::integer as quantity
          from order_items
          where order_id in (select id from claimed) and product_id is not null
          group by product_id
        )
        update ${products} as p
        set stock_quantity = p.stock_quantity + units.quantity,
            updated_at = ${at.toISOString()}::timestamptz
        from units
        where p.id = units.product_id
      `);
    },
  };
}

export type PaymentRepository = ReturnType<typeof createPaymentRepository>;
