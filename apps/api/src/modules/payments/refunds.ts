import { formatBRL, centsToReais as reais } from '@lumina/shared/format/money';
import { ORDER_MESSAGES } from '@lumina/shared/orders/order-messages';
import { REFUND_MESSAGES, type AdminRefundJson } from '@lumina/shared/returns/return-schemas';
import type { Db } from '../../db/database.ts';
import type { OrderRow, PaymentRow } from '../../db/schema/orders.ts';
import type { RefundRow } from '../../db/schema/refunds.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import { AppError } from '../../http/app-error.ts';
import type { PaymentProviders } from '../../integrations/payments/create-provider.ts';
import { PaymentProviderError, type ProviderRefund } from '../../integrations/payments/provider.ts';
import type { MailOutbox } from '../mail/outbox.ts';
import { decide } from '../orders/lifecycle.ts';
import { type OrderActor, type OrderLifecycle, orderState } from '../orders/lifecycle-service.ts';
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

/**
 * The provider's idempotency key of a refund row: the same row never refunds twice (the bank's
 * devolução id is made of it).
 */
export function refundKey(row: Pick<RefundRow, 'id' | 'paymentId'>): string {
  return `lumina-refund-${row.paymentId}-${row.id}`;
}

export interface RefundResult {
  refund: RefundRow;
  order: OrderRow;
  /** The refund is on its way at the bank (a devolução in processing), not done yet. */
  processing?: boolean;
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
    input: Pick<RefundInput, 'reason' | 'goodsReturned' | 'complete'>,
    by: OrderActor,
  ): Promise<OrderRow> {
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
        message: refundMail(customer, refund, payment.method, deps.appUrl, deps.lifecycle.shop()),
      });
    }
    return applied.order;
  }

  function adminActor(input: RefundInput): OrderActor {
    return { actor: 'admin', adminId: input.by.adminId, ip: input.by.ip };
  }

  /**
   * Records a refund the provider says is done, under the order's lock, and moves the order; the
   * same row is completed once, whoever gets there first (the administrator's call, the bank's
   * webhook, the re-check). `input` is the administrator's request when it is theirs; a refund
   * finished later is completed from its row (a withdrawal's through `returnRefunded`).
   */
  async function complete(
    rowId: number,
    answer: ProviderRefund,
    by: OrderActor,
    input?: RefundInput,
  ): Promise<{ refund: RefundRow; order: OrderRow; payment: PaymentRow } | undefined> {
    return db.transaction(async (tx) => {
      const inTx = createRefundRepository(tx);
      const current = await inTx.find(rowId);
      const order = current && (await lifecycle.lock(tx, current.orderId));
      const payment = current && (await createPaymentRepository(tx).findPayment(current.paymentId));
      if (!current || !order || !payment) return undefined;
      const settled = await inTx.settle(rowId, {
        status: 'completed',
        providerRefundId: answer.refundId ?? current.providerRefundId,
        e2eId: answer.endToEndId ?? current.e2eId,
        completedAt: now(),
      });
      if (!settled) return undefined;
      // Other refunds wait while one is pending, so this one is full when it reaches the total.
      const full = (await inTx.committedCents(order.id, payment.id)).total >= payment.amountCents;
      const updated = await finish(
        tx,
        order,
        payment,
        settled,
        full,
        input ?? {
          reason: settled.reason,
          goodsReturned: settled.returnId !== null,
          complete: settled.returnId === null ? undefined : lateReturnCompletion,
        },
        by,
      );
      return { refund: settled, order: updated, payment };
    });
  }

  /** Set by the returns module: a withdrawal's refund that the bank finished later. */
  let lateReturnCompletion: RefundInput['complete'];

  /** A refund the provider did not make after all (a devolução NAO_REALIZADO), told to the shop. */
  async function fail(row: RefundRow, reason: string, source: string): Promise<void> {
    const failed = await db.transaction(async (tx) => {
      const order = await lifecycle.lock(tx, row.orderId);
      const settled = await createRefundRepository(tx).settle(row.id, {
        status: 'failed',
        error: reason.slice(0, 500),
      });
      if (!order || !settled) return false;
      // The admin's order history shows it; the shopper was told nothing yet, so nothing to undo.
      await lifecycle.note(
        tx,
        order,
        'refund_failed',
        { actor: 'provider', source },
        { refund_id: row.id, amount_cents: row.amountCents, method: row.method, reason },
      );
      return true;
    });
    if (failed) {
      logger.error(
        { refundId: row.id, orderId: row.orderId, reason },
        'refund not made by the provider: the shop must look at it',
      );
    }
  }

  /** Under the order's lock: what to refund, and the row that claims it. */
  async function claim(tx: Db, input: RefundInput) {
    const order = await lifecycle.lock(tx, input.orderId);
    if (!order) {
      throw new AppError('not_found', ORDER_MESSAGES.notFound, { code: 'order_not_found' });
    }
    const payment = await paidCharge(tx, order);
    const refunds = createRefundRepository(tx);
    const committed = await refunds.committedCents(order.id, payment.id);
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
    if (payment.provider === 'mercadopago' || payment.provider === 'pix_bank') {
      // MercadoPago's refund, or the bank's devolução of the PIX that paid (API Pix).
      const row = await refunds.insert({ ...base, method: payment.provider, status: 'pending' });
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
    const updated = await finish(tx, order, payment, row, full, input, adminActor(input));
    return { order: updated, payment, row, full, done: true as const };
  }

  async function totals(orderId: number, paid: Pick<PaymentRow, 'id' | 'amountCents'>) {
    const { total } = await repository.committedCents(orderId, paid.id);
    return { refundedCents: total, refundableCents: Math.max(paid.amountCents - total, 0) };
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
          ...(await totals(claimed.order.id, claimed.payment)),
        };
      }

      const { row, payment } = claimed;
      const bank = payment.provider === 'pix_bank';
      let answer: ProviderRefund;
      try {
        answer = await providers
          .byName(payment.provider)
          .refund(
            payment.gatewayPaymentId ?? '',
            refundKey(row),
            row.amountCents,
            payment.endToEndId,
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
        const messages = bank
          ? { refused: REFUND_MESSAGES.bankFailed, noAnswer: REFUND_MESSAGES.bankNoAnswer }
          : { refused: REFUND_MESSAGES.providerFailed, noAnswer: REFUND_MESSAGES.providerNoAnswer };
        throw new AppError('unavailable', refused ? messages.refused : messages.noAnswer, {
          code: 'payment_provider_failed',
          cause: error,
        });
      }
      if (answer.outcome === 'processing') {
        // The bank took the devolução and finishes it later: the row stays pending (nothing
        // else is refunded meanwhile) until its webhook or the re-check says where it ended.
        const noted = await repository.note(row.id, {
          providerRefundId: answer.refundId,
          e2eId: answer.endToEndId ?? null,
        });
        logger.info(
          { refundId: row.id, orderId: row.orderId, amountCents: row.amountCents },
          'refund on its way at the bank',
        );
        return {
          refund: noted ?? row,
          order: claimed.order,
          processing: true,
          ...(await totals(row.orderId, payment)),
        };
      }
      const result = await complete(row.id, answer, adminActor(input), input);
      if (!result) {
        // The bank's webhook finished it first: the refund is done all the same.
        const done = await repository.find(row.id);
        const order = await createPaymentRepository(db).findOrder(row.orderId);
        if (done?.status !== 'completed' || !order) {
          throw new AppError('conflict', REFUND_MESSAGES.busy, { code: 'refund_in_progress' });
        }
        return { refund: done, order, ...(await totals(row.orderId, payment)) };
      }
      outbox.kick();
      logger.info(
        { refundId: row.id, orderId: row.orderId, amountCents: row.amountCents },
        'refund made at the provider',
      );
      return {
        refund: result.refund,
        order: result.order,
        ...(await totals(row.orderId, payment)),
      };
    },

    /**
     * Asks the provider again about refunds it is still making (the bank's devoluções in
     * processing): of one charge (its webhook) or all (the reconciliation job). DEVOLVIDO
     * completes the refund and tells the shopper; NAO_REALIZADO fails it and tells the shop.
     * Counts the refunds that ended.
     */
    async recheckPending(source: string, only?: { gatewayPaymentId: string }): Promise<number> {
      let ended = 0;
      for (const { refund, payment } of await repository.pendingAt('pix_bank', only)) {
        const provider = providers.all.find((one) => one.name === payment.provider);
        if (!provider?.fetchRefund || !payment.gatewayPaymentId) continue;
        let answer: ProviderRefund;
        try {
          answer = await provider.fetchRefund(
            payment.gatewayPaymentId,
            refundKey(refund),
            payment.endToEndId,
          );
        } catch (error) {
          // Not at the bank (a call that never arrived) or the bank away: a later attempt.
          logger.warn({ err: error, refundId: refund.id }, 'refund re-check failed');
          continue;
        }
        if (answer.outcome === 'failed') {
          await fail(refund, answer.reason ?? answer.status ?? 'NAO_REALIZADO', source);
          ended += 1;
        } else if (answer.outcome !== 'processing') {
          if (await complete(refund.id, answer, { actor: 'provider', source })) ended += 1;
        }
      }
      if (ended > 0) outbox.kick();
      return ended;
    },

    /** The returns module's step for a withdrawal whose refund the bank finished later. */
    onLateReturnRefund(hook: NonNullable<RefundInput['complete']>): void {
      lateReturnCompletion = hook;
    },

    /** What may still be given back of an order (its approved charge less refunds). */
    async refundableOf(orderId: number): Promise<number> {
      const [latest] = await createPaymentRepository(db).paymentsOf([orderId]);
      if (latest?.status !== 'approved') return 0;
      return (await totals(orderId, latest)).refundableCents;
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
