import { formatBRL, centsToReais as reais } from '@lumina/shared/format/money';
import { ORDER_MESSAGES } from '@lumina/shared/orders/order-messages';
import { REFUND_MESSAGES, type AdminRefundJson } from '@lumina/shared/returns/return-schemas';
import type { Db } from '../../db/database.ts';
import type { OrderRow, PaymentRow } from '../../db/schema/orders.ts';
import type { RefundRow } from '../../db/schema/refunds.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import { AppError } from '../../http/app-error.ts';
import type { PaymentProviders } from '../../integrations/payments/create-provider.ts';
import { PaymentProviderError } from '../../integrations/payments/provider.ts';
import type { MailOutbox } from '../mail/outbox.ts';
import { decide } from '../orders/lifecycle.ts';
import { type OrderLifecycle, orderState } from '../orders/lifecycle-service.ts';
import { reachable } from '../orders/order-mails.ts';
import { refundMail } from './refund-mail.ts';
import { createPaymentRepository } from './repository.ts';
import { createRefundRepository } from './refund-repository.ts';
import type { PaymentLogger } from './service.ts';
import { canMove } from './transitions.ts';

/** The administrator giving money back. */
export interface RefundActor {
  adminId: number;
  ip: string | null;
}

export interface RefundInput {
  orderId: number;
  /** Cents to give back; without it, `prepare`'s default or all that is left. */
  amountCents?: number | null;
  /** The built-in PIX: the E2E id of the devolução the shop made from its bank. */
  e2eId?: string | null;
  reason?: string | null;
  by: RefundActor;
  /** It pays for goods that came back (a withdrawal): the order becomes (partially) returned. */
  goodsReturned: boolean;
  returnId?: number | null;
  /**
   * Under the order's lock, before anything is written: the caller's checks (the request may be
   * refunded) and its default amount in cents.
   */
  prepare?: (tx: Db, order: OrderRow, left: number) => Promise<{ defaultCents: number }>;
  /** In the transaction that records the refund as done. */
  complete?: (tx: Db, order: OrderRow, refund: RefundRow) => Promise<void>;
}

/**
 * A MercadoPago refund whose call got no clear answer (a timeout, a 5xx) stays pending: the money
 * may have moved. After this long a new attempt sends it again with the same idempotency key,
 * which MercadoPago answers with the refund it made, or makes it then; never a second refund.
 */
export const PENDING_REFUND_RETRY_MS = 60_000;

export interface RefundResult {
  refund: RefundRow;
  order: OrderRow;
  refundedCents: number;
  refundableCents: number;
}

/** A refund row as the admin's order detail shows it. */
export function toAdminRefundJson(refund: RefundRow, adminName: string | null): AdminRefundJson {
  return {
    id: refund.id,
    amount: reais(refund.amountCents),
    amount_cents: refund.amountCents,
    method: refund.method,
    return_id: refund.returnId,
    created_at: (refund.completedAt ?? refund.createdAt).toISOString(),
    provider_refund_id: refund.providerRefundId,
    e2e_id: refund.e2eId,
    reason: refund.reason,
    admin_id: refund.adminId,
    admin_name: adminName,
  };
}

/**
 * Giving money back on a paid order, all of it or part: through MercadoPago (a partial refund of
 * the charge) or, for the built-in PIX, recording the devolução the shop made from its bank with
 * its E2E id. The refund rows are this module's; the order moves through its one lifecycle. Two
 * administrators at once get exactly one refund: the amount still refundable is computed under the
 * order's lock, and a MercadoPago refund is written 'pending' under that lock before the call, so
 * the second one sees the money already on its way.
 */
export function createRefunds(deps: {
  db: Db;
  /** A refund goes to the provider that took the payment. */
  providers: PaymentProviders;
  lifecycle: OrderLifecycle;
  outbox: Pick<MailOutbox, 'enqueue' | 'kick'>;
  appUrl: string;
  now: () => Date;
  logger: PaymentLogger;
}) {
  const { db, providers, lifecycle, outbox, now, logger } = deps;
  const repository = createRefundRepository(db);

  /** The order's paid charge: the latest approved (a partial refund leaves it approved). */
  async function paidCharge(tx: Db, order: OrderRow): Promise<PaymentRow> {
    const [latest] = await createPaymentRepository(tx).paymentsOf([order.id]);
    if (latest?.status === 'refunded') {
      throw new AppError('conflict', REFUND_MESSAGES.nothingLeft, { code: 'already_refunded' });
    }
    if (latest?.status !== 'approved') {
      throw new AppError('conflict', REFUND_MESSAGES.notPaid, { code: 'order_not_paid' });
    }
    return latest;
  }

  async function finish(
    tx: Db,
    order: OrderRow,
    payment: PaymentRow,
    refund: RefundRow,
    full: boolean,
    input: RefundInput,
  ): Promise<OrderRow> {
    const by = { actor: 'admin' as const, adminId: input.by.adminId, ip: input.by.ip };
    const details = {
      refund_id: refund.id,
      amount_cents: refund.amountCents,
      method: refund.method,
      ...(refund.returnId ? { return_id: refund.returnId } : {}),
      ...(input.reason ? { reason: input.reason } : {}),
    };
    const applied = await lifecycle.apply(
      tx,
      order,
      { type: 'refund', full, goodsReturned: input.goodsReturned },
      by,
      details,
    );
    // Money already moved at the provider is recorded whatever the order became meanwhile.
    if (applied.decision.outcome !== 'changed') {
      await lifecycle.note(tx, order, 'refund', by, details);
    }
    if (full) {
      await createPaymentRepository(tx).move(
        payment.id,
        'refunded',
        (from) => canMove(from, 'refunded'),
        { source: 'admin' },
        now(),
      );
    }
    await input.complete?.(tx, applied.order, refund);
    const customer = reachable(applied.order);
    if (customer) {
      await outbox.enqueue(tx, {
        key: `refund:${refund.id}`,
        kind: 'order_refund',
        orderId: order.id,
        message: refundMail(customer, refund, deps.appUrl, deps.lifecycle.shop()),
      });
    }
    return applied.order;
  }

  /** Under the order's lock: what to refund, and the row that claims it. */
  async function claim(tx: Db, input: RefundInput) {
    const order = await lifecycle.lock(tx, input.orderId);
    if (!order) {
      throw new AppError('not_found', ORDER_MESSAGES.notFound, { code: 'order_not_found' });
    }
    const payment = await paidCharge(tx, order);
    const refunds = createRefundRepository(tx);
    const committed = await refunds.committedCents(order.id);
    if (committed.pending > 0) {
      const pending = await refunds.pendingOf(order.id);
      const retry =
        pending &&
        pending.returnId === (input.returnId ?? null) &&
        pending.createdAt.getTime() <= now().getTime() - PENDING_REFUND_RETRY_MS;
      if (!retry) {
        throw new AppError('conflict', REFUND_MESSAGES.busy, { code: 'refund_in_progress' });
      }
      // The earlier attempt is finished instead of starting another refund.
      await input.prepare?.(tx, order, payment.amountCents - committed.total + pending.amountCents);
      const row = await refunds.reclaim(pending.id, now());
      const full = committed.total >= payment.amountCents;
      return { order, payment, row, full, done: false as const };
    }
    const left = payment.amountCents - committed.total;
    const prepared = input.prepare ? await input.prepare(tx, order, left) : { defaultCents: left };
    if (left <= 0) {
      throw new AppError('conflict', REFUND_MESSAGES.nothingLeft, { code: 'already_refunded' });
    }
    const amount = input.amountCents ?? Math.min(prepared.defaultCents, left);
    if (amount > left) {
      throw new AppError('invalid_data', REFUND_MESSAGES.tooLarge(formatBRL(left)), {
        code: 'refund_too_large',
        fields: { amount: [REFUND_MESSAGES.tooLarge(formatBRL(left))] },
      });
    }
    if (amount <= 0) {
      throw new AppError('conflict', REFUND_MESSAGES.nothingLeft, { code: 'already_refunded' });
    }
    const full = amount === left;
    // The machine is asked before anything moves, so a refusal costs nothing.
    const probe = decide(orderState(order), {
      type: 'refund',
      full,
      goodsReturned: input.goodsReturned,
    });
    if (probe.outcome === 'refused') {
      throw new AppError(probe.kind, probe.message, { code: probe.code });
    }
    const at = now();
    const base = {
      orderId: order.id,
      paymentId: payment.id,
      returnId: input.returnId ?? null,
      amountCents: amount,
      reason: input.reason ?? null,
      adminId: input.by.adminId,
      createdAt: at,
    };
    if (payment.provider === 'mercadopago') {
      const row = await refunds.insert({ ...base, method: 'mercadopago', status: 'pending' });
      return { order, payment, row, full, done: false as const };
    }
    // The built-in PIX: the shop already sent the money from its bank; its E2E id proves it.
    if (!input.e2eId) {
      throw new AppError('invalid_data', REFUND_MESSAGES.e2eRequired, {
        code: 'e2e_id_required',
        fields: { e2e_id: [REFUND_MESSAGES.e2eRequired] },
      });
    }
    if (await refunds.findByE2eId(input.e2eId)) {
      throw new AppError('conflict', REFUND_MESSAGES.e2eUsed, { code: 'e2e_id_used' });
    }
    const row = await refunds.insert({
      ...base,
      method: 'pix_manual',
      status: 'completed',
      e2eId: input.e2eId,
      completedAt: at,
    });
    const updated = await finish(tx, order, payment, row, full, input);
    return { order: updated, payment, row, full, done: true as const };
  }

  async function totals(orderId: number, paidCents: number) {
    const { total } = await repository.committedCents(orderId);
    return { refundedCents: total, refundableCents: Math.max(paidCents - total, 0) };
  }

  return {
    async refund(input: RefundInput): Promise<RefundResult> {
      let claimed;
      try {
        claimed = await db.transaction((tx) => claim(tx, input));
      } catch (error) {
        // Two at once on one withdrawal (its one live refund) or one E2E id.
        if (isUniqueViolation(error)) {
          throw new AppError(
            'conflict',
            input.e2eId && isUniqueViolation(error, 'refunds_e2e_id_unique')
              ? REFUND_MESSAGES.e2eUsed
              : REFUND_MESSAGES.busy,
            { code: 'refund_in_progress', cause: error },
          );
        }
        throw error;
      }
      outbox.kick();
      if (claimed.done) {
        return {
          refund: claimed.row,
          order: claimed.order,
          ...(await totals(claimed.order.id, claimed.payment.amountCents)),
        };
      }

      const { row, payment } = claimed;
      let answer;
      try {
        answer = await providers
          .byName(payment.provider)
          .refund(
            payment.gatewayPaymentId ?? '',
            `lumina-refund-${payment.id}-${row.id}`,
            row.amountCents,
          );
      } catch (error) {
        logger.warn(
          { err: error, refundId: row.id, orderId: row.orderId },
          'provider refund failed',
        );
        // Refused outright: nothing moved. No clear answer: it may have; the row stays pending
        // for a later attempt with the same key.
        const refused = error instanceof PaymentProviderError && !error.retryable;
        if (refused) {
          await repository.settle(row.id, { status: 'failed', error: error.message.slice(0, 500) });
        }
        throw new AppError(
          'unavailable',
          refused ? REFUND_MESSAGES.providerFailed : REFUND_MESSAGES.providerNoAnswer,
          { code: 'payment_provider_failed', cause: error },
        );
      }
      const result = await db.transaction(async (tx) => {
        const order = await lifecycle.lock(tx, row.orderId);
        if (!order) throw new Error(`order ${row.orderId} vanished during its refund`);
        const settled = await createRefundRepository(tx).settle(row.id, {
          status: 'completed',
          providerRefundId: answer.refundId,
          completedAt: now(),
        });
        if (!settled) {
          throw new AppError('conflict', REFUND_MESSAGES.busy, { code: 'refund_in_progress' });
        }
        const updated = await finish(tx, order, payment, settled, claimed.full, input);
        return { refund: settled, order: updated };
      });
      outbox.kick();
      logger.info(
        { refundId: row.id, orderId: row.orderId, amountCents: row.amountCents },
        'refund made at the provider',
      );
      return { ...result, ...(await totals(row.orderId, payment.amountCents)) };
    },

    /** What may still be given back of an order (its approved charge less refunds). */
    async refundableOf(orderId: number): Promise<number> {
      const [latest] = await createPaymentRepository(db).paymentsOf([orderId]);
      if (latest?.status !== 'approved') return 0;
      return (await totals(orderId, latest.amountCents)).refundableCents;
    },

    /** Completed refunds of some orders, oldest first. */
    async completedOf(orderIds: number[]) {
      return repository.completedOf(orderIds);
    },

    /**
     * A refund the provider made while the order was cancelled (the full charge back), recorded
     * in the caller's transaction (the order locked by it).
     */
    async recordProviderRefundLocked(
      tx: Db,
      values: {
        orderId: number;
        paymentId: number;
        amountCents: number;
        providerRefundId: string | null;
        adminId: number | null;
        returnId?: number | null;
      },
    ): Promise<RefundRow> {
      const at = now();
      return createRefundRepository(tx).insert({
        ...values,
        returnId: values.returnId ?? null,
        method: 'mercadopago',
        status: 'completed',
        createdAt: at,
        completedAt: at,
      });
    },
  };
}

export type Refunds = ReturnType<typeof createRefunds>;
