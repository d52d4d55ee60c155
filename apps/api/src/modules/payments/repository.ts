import { and, desc, eq, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import {
  orders,
  paymentEvents,
  type PaymentRow,
  type PaymentRowStatus,
  payments,
} from '../../db/schema/orders.ts';
import type {
  PaymentProviderName,
  ProviderCharge,
  ProviderPayment,
} from '../../integrations/payments/provider.ts';
import type { PaymentMethod } from '../../db/schema/orders.ts';

export interface PaymentChange {
  payment: PaymentRow;
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

    async findOrderByNumber(orderNumber: string) {
      const [row] = await db.select().from(orders).where(eq(orders.orderNumber, orderNumber));
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
      /** Card and boleto attempts; PIX by default. */
      method?: PaymentMethod;
      attemptKey?: string;
      installments?: number;
      /** A boleto's due date (the end of that Brazilian day), before the provider says it. */
      boletoDueAt?: Date;
    }): Promise<PaymentRow> {
      const [row] = await db
        .insert(payments)
        .values({
          orderId: values.orderId,
          provider: values.provider,
          method: values.method ?? 'pix',
          attemptKey: values.attemptKey ?? null,
          installments: values.installments ?? null,
          boletoDueAt: values.boletoDueAt ?? null,
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

    async findByAttemptKey(attemptKey: string) {
      const [row] = await db.select().from(payments).where(eq(payments.attemptKey, attemptKey));
      return row;
    },

    /**
     * Stores what the provider says of a card or boleto charge: its id once (a twin request
     * that attached another id first wins: undefined), and the details, which may be newer.
     */
    /** The PIX that paid a charge (the bank's API Pix), kept for its devoluções; set once. */
    async recordEndToEnd(paymentId: number, endToEndId: string): Promise<void> {
      await db
        .update(payments)
        .set({ endToEndId })
        .where(and(eq(payments.id, paymentId), isNull(payments.endToEndId)));
    },

    async recordCharge(paymentId: number, charge: ProviderCharge, at: Date) {
      const [row] = await db
        .update(payments)
        .set({
          gatewayPaymentId: charge.gatewayPaymentId,
          statusDetail: charge.statusDetail,
          ...(charge.installments === null ? {} : { installments: charge.installments }),
          ...(charge.cardBrand === null ? {} : { cardBrand: charge.cardBrand }),
          ...(charge.cardLastFour === null ? {} : { cardLastFour: charge.cardLastFour }),
          ...(charge.status === 'approved'
            ? { feeCents: charge.feeCents, netCents: charge.netCents }
            : {}),
          ...(charge.boleto
            ? {
                boletoDigitableLine: charge.boleto.digitableLine,
                boletoUrl: charge.boleto.pdfUrl,
                ...(charge.boleto.dueAt ? { boletoDueAt: charge.boleto.dueAt } : {}),
              }
            : {}),
          updatedAt: at,
        })
        .where(
          and(
            eq(payments.id, paymentId),
            or(
              isNull(payments.gatewayPaymentId),
              eq(payments.gatewayPaymentId, charge.gatewayPaymentId),
            ),
          ),
        )
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

    /** A provider's open charges (issued there, still pending), the least recently changed first. */
    async openCharges(provider: PaymentProviderName, limit: number) {
      return db
        .select()
        .from(payments)
        .where(
          and(
            eq(payments.provider, provider),
            eq(payments.status, 'pending'),
            isNotNull(payments.gatewayPaymentId),
          ),
        )
        .orderBy(payments.updatedAt)
        .limit(limit);
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
     * Moves one payment, in the caller's transaction, which has already locked the payment's
     * order (orders first, as every writer does). Returns undefined when the move is not allowed
     * now: the caller decided on a stale read, or a replay arrived. The unique event key
     * (payment id + status) makes a second application impossible even then. The order is the
     * orders module's to move (its lifecycle), never written here.
     */
    async move(
      paymentId: number,
      to: PaymentRowStatus,
      allowed: (from: PaymentRowStatus) => boolean,
      event: { source: string; payload?: Record<string, unknown> },
      at: Date,
    ): Promise<PaymentChange | undefined> {
      const payment = await this.findPayment(paymentId, { lock: true });
      if (!payment || !allowed(payment.status)) return undefined;

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
      if (!moved) throw new Error('payment move lost its row');
      return { payment: moved, from: payment.status };
    },

    /** The events of some payments, oldest first (the admin's order detail). */
    async eventsOf(paymentIds: number[]) {
      if (paymentIds.length === 0) return [];
      return db
        .select()
        .from(paymentEvents)
        .where(inArray(paymentEvents.paymentId, paymentIds))
        .orderBy(paymentEvents.id);
    },
  };
}

export type PaymentRepository = ReturnType<typeof createPaymentRepository>;

/**
 * LGPD erasure: the providers' raw answers (which name the payer) of some orders' payments go;
 * each event's status, source and time stay, with the payment rows.
 */
export async function forgetPaymentPayloadsOf(tx: Db, orderIds: readonly number[]): Promise<void> {
  if (orderIds.length === 0) return;
  await tx
    .update(paymentEvents)
    .set({ payload: null })
    .where(
      inArray(
        paymentEvents.paymentId,
        tx
          .select({ id: payments.id })
          .from(payments)
          .where(inArray(payments.orderId, [...orderIds])),
      ),
    );
}
