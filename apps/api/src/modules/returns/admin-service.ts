import { formatBRL, reaisToCents } from '@lumina/shared/format/money';
import {
  type AdminReturnJson,
  type AdminReturnListQuery,
  type AdminReturnListResponse,
  RETURN_MESSAGES,
  REFUND_MESSAGES,
  RETURN_STATUS_LABELS,
  type RefundBody,
  type ReturnInstructionsBody,
} from '@lumina/shared/returns/return-schemas';
import type { Db } from '../../db/database.ts';
import type { OrderRow } from '../../db/schema/orders.ts';
import type { ReturnRequestRow } from '../../db/schema/returns.ts';
import type { RefundRow } from '../../db/schema/refunds.ts';
import { AppError } from '../../http/app-error.ts';
import type { StockWatch } from '../catalog/stock.ts';
import { createStock } from '../catalog/stock.ts';
import type { MailOutbox } from '../mail/outbox.ts';
import type { OrderActor, OrderLifecycle } from '../orders/lifecycle-service.ts';
import { createOrderRepository } from '../orders/repository.ts';
import type { Refunds } from '../payments/refunds.ts';
import type { PaymentService } from '../payments/service.ts';
import type { SecurityLog } from '../security/security-log.ts';
import { createReturnRepository, type ReturnWithOrder } from './repository.ts';
import { toAdminReturnJson } from './return-json.ts';
import {
  returnExchangedMail,
  returnInstructionsMail,
  returnReceivedMail,
  returnRejectedMail,
} from './return-mails.ts';
import { createReturnSteps } from './return-steps.ts';
import { defaultRefundCents } from './rules.ts';

/** The administrator acting, as the security log and the order's history record them. */
export interface ReturnActor {
  id: number;
  ip: string | null;
  userAgent: string | undefined;
}

function notFound(): AppError {
  return new AppError('not_found', RETURN_MESSAGES.notFound, { code: 'return_not_found' });
}

function wrongStep(request: ReturnRequestRow): AppError {
  return new AppError('conflict', RETURN_MESSAGES.wrongStep(RETURN_STATUS_LABELS[request.status]), {
    code: 'return_wrong_step',
  });
}

function requireStatus(request: ReturnRequestRow, allowed: ReturnRequestRow['status'][]): void {
  if (!allowed.includes(request.status)) throw wrongStep(request);
}

/**
 * The shop's side of withdrawals and exchanges (DESIGN.md: /api/admin/returns...): the queue with
 * the days left to answer, the instructions, the receipt (stock back for what can be sold again,
 * through the catalogue's stock owner), the refund (through the payments module's refunds), the
 * refusal and the exchange's new piece. Each step runs under the order's lock, then the request's.
 */
export function createAdminReturnService(deps: {
  db: Db;
  now: () => Date;
  lifecycle: OrderLifecycle;
  payments: PaymentService;
  refunds: Refunds;
  outbox: Pick<MailOutbox, 'enqueue' | 'kick'>;
  appUrl: string;
  securityLog: SecurityLog;
  /** What every stock movement keeps in its transaction: low-stock and back-in-stock alerts. */
  stockWatch: StockWatch;
}) {
  const { db, now, lifecycle, payments, refunds, outbox, appUrl, securityLog } = deps;
  const repository = createReturnRepository(db);
  const steps = createReturnSteps({ lifecycle, outbox });

  /** What a withdrawal gives back by default, read in `tx` (`left`: what is still refundable). */
  async function defaultFor(tx: Db, order: OrderRow, request: ReturnRequestRow, left: number) {
    const lines = await createOrderRepository(tx).itemsOf([order.id]);
    const items = await createReturnRepository(tx).itemsOf([request.id]);
    const earlier =
      request.status === 'refunded' ? 0 : await createReturnRepository(tx).refundedUnits(order.id);
    const units = items.reduce((sum, { item }) => sum + item.quantity, 0);
    const bought = lines.reduce((sum, line) => sum + line.quantity, 0);
    const wholeOrder = earlier + units >= bought;
    // The last units back take everything still paid, so rounding never keeps a cent.
    if (wholeOrder) return left;
    return Math.min(
      left,
      defaultRefundCents({
        returned: items.map(({ item, line }) => ({
          itemTotalCents: line.totalCents,
          itemQuantity: line.quantity,
          quantity: item.quantity,
        })),
        shippingCents: order.shippingCents,
        wholeOrder: false,
      }),
    );
  }

  async function adminJson(view: ReturnWithOrder): Promise<AdminReturnJson> {
    const { request } = view;
    const order = await createOrderRepository(db).findOrder(request.orderId);
    if (!order) throw notFound();
    const [latest] = (await payments.historyOf(order.id)).map((entry) => entry.payment);
    let suggested: number | null = null;
    if (request.type === 'withdrawal' && request.status === 'received') {
      const left = await refunds.refundableOf(order.id);
      suggested = left > 0 ? await defaultFor(db, order, request, left) : null;
    }
    return toAdminReturnJson(view, await repository.itemsOf([request.id]), {
      userId: request.userId,
      now: now(),
      suggestedRefundCents: suggested,
      paymentProvider: latest?.provider ?? null,
    });
  }

  async function detail(id: number): Promise<AdminReturnJson> {
    const view = await repository.find(id);
    if (!view) throw notFound();
    return adminJson(view);
  }

  /** Runs `step` with the request's order locked, then the request (every writer's order). */
  async function locked<T>(
    id: number,
    step: (tx: Db, order: OrderRow, request: ReturnRequestRow) => Promise<T>,
  ): Promise<T> {
    const found = await repository.find(id);
    if (!found) throw notFound();
    const result = await db.transaction(async (tx) => {
      const order = await lifecycle.lock(tx, found.request.orderId);
      const request = await createReturnRepository(tx).lock(id);
      if (!order || !request) throw notFound();
      return step(tx, order, request);
    });
    outbox.kick();
    return result;
  }

  async function answer(id: number, actor: ReturnActor, action: string, message: string) {
    const current = await detail(id);
    await securityLog.record({
      type: 'admin_return_action',
      severity: action === 'refund' ? 'warning' : 'info',
      userId: actor.id,
      ip: actor.ip,
      userAgent: actor.userAgent,
      message: `Devolução ${current.protocol} (pedido ${current.order_number}): ${action}`,
      metadata: { return_id: id, order_id: current.order_id, action, to: current.status },
    });
    return { return: current, message };
  }

  const by = (actor: ReturnActor) => ({ actor: 'admin' as const, adminId: actor.id, ip: actor.ip });

  /** The withdrawal paid back, in the refund's transaction: the request and its history step. */
  async function markRefunded(
    tx: Db,
    order: OrderRow,
    refund: RefundRow,
    who: OrderActor,
    adminId: number | null,
  ): Promise<void> {
    if (refund.returnId === null) return;
    const at = now();
    const updated = await createReturnRepository(tx).update(refund.returnId, {
      status: 'refunded',
      refundedAt: at,
      refundedBy: adminId,
      refundedCents: refund.amountCents,
      updatedAt: at,
    });
    // The refund's own e-mail (payments) tells the shopper; the history gets the step.
    await steps.record(tx, {
      order,
      request: updated,
      step: 'return_refunded',
      by: who,
      details: { refund_id: refund.id, amount_cents: refund.amountCents },
      mail: null,
    });
  }

  // A devolução the bank finished after the administrator's click (its webhook, the re-check).
  refunds.onLateReturnRefund((tx, order, refund) =>
    markRefunded(tx, order, refund, { actor: 'provider', source: 'bank' }, refund.adminId),
  );

  return {
    detail,

    async list(query: AdminReturnListQuery): Promise<AdminReturnListResponse> {
      const { rows, total } = await repository.list(query);
      const returns: AdminReturnJson[] = [];
      for (const view of rows) returns.push(await adminJson(view));
      return { returns, total, page: query.page, per_page: query.per_page };
    },

    async sendInstructions(id: number, body: ReturnInstructionsBody, actor: ReturnActor) {
      await locked(id, async (tx, order, request) => {
        requireStatus(request, ['requested', 'instructions_sent']);
        const at = now();
        const { kind, code, address } = body.instructions;
        const updated = await createReturnRepository(tx).update(id, {
          status: 'instructions_sent',
          instructions: {
            kind,
            code: kind === 'authorization_code' ? (code ?? null) : null,
            address: kind === 'posting_address' ? (address ?? null) : null,
          },
          instructionsSentAt: at,
          instructionsBy: actor.id,
          updatedAt: at,
        });
        await steps.record(tx, {
          order,
          request: updated,
          step: 'return_instructions_sent',
          by: by(actor),
          details: { kind },
          mail: (context) => returnInstructionsMail(context, appUrl),
        });
      });
      return answer(id, actor, 'instructions', RETURN_MESSAGES.instructionsSent);
    },

    /**
     * The pieces arrived: each is judged resellable or not, and only resellable units go back
     * to their variant's stock (the catalogue's stock owner, its ledger included).
     */
    async receive(
      id: number,
      body: { items: { return_item_id: number; resellable: boolean }[] },
      actor: ReturnActor,
    ) {
      await locked(id, async (tx, order, request) => {
        requireStatus(request, ['requested', 'instructions_sent']);
        const inTx = createReturnRepository(tx);
        const items = await inTx.itemsOf([id]);
        const verdicts = new Map(
          body.items.map((entry) => [entry.return_item_id, entry.resellable]),
        );
        const everyOnce =
          verdicts.size === body.items.length &&
          items.length === verdicts.size &&
          items.every(({ item }) => verdicts.has(item.id));
        if (!everyOnce) {
          throw new AppError('invalid_data', RETURN_MESSAGES.receiveAllItems, {
            code: 'invalid_return_items',
            fields: { items: [RETURN_MESSAGES.receiveAllItems] },
          });
        }
        const units = new Map<number, number>();
        for (const { item, line } of items) {
          const resellable = verdicts.get(item.id) === true;
          await inTx.setResellable(item.id, resellable);
          if (resellable && line.variantId !== null) {
            units.set(line.variantId, (units.get(line.variantId) ?? 0) + item.quantity);
          }
        }
        const at = now();
        await createStock(tx, deps.stockWatch).release(units, at);
        const updated = await inTx.update(id, {
          status: 'received',
          receivedAt: at,
          receivedBy: actor.id,
          updatedAt: at,
        });
        await steps.record(tx, {
          order,
          request: updated,
          step: 'return_received',
          by: by(actor),
          details: { restocked: Object.fromEntries(units) },
          mail: (context) => returnReceivedMail(context, appUrl),
        });
      });
      return answer(id, actor, 'receive', RETURN_MESSAGES.received);
    },

    /**
     * A received withdrawal's money back, through the payments module's refunds: by default what
     * the returned units cost (pro rata of any order discount), plus the freight when the whole
     * order came back; an explicit amount is capped by what is still refundable.
     */
    async refund(id: number, body: RefundBody, actor: ReturnActor) {
      const found = await repository.find(id);
      if (!found) throw notFound();
      if (found.request.type !== 'withdrawal') {
        throw new AppError('conflict', RETURN_MESSAGES.notWithdrawal, { code: 'not_withdrawal' });
      }
      const input = body ?? {};
      const result = await refunds.refund({
        orderId: found.request.orderId,
        amountCents: input.amount == null ? null : (reaisToCents(input.amount) ?? null),
        e2eId: input.e2e_id ?? null,
        reason: input.reason ?? null,
        by: { adminId: actor.id, ip: actor.ip },
        goodsReturned: true,
        returnId: id,
        prepare: async (tx, order, left) => {
          const request = await createReturnRepository(tx).lock(id);
          if (!request) throw notFound();
          requireStatus(request, ['received']);
          return { defaultCents: await defaultFor(tx, order, request, left) };
        },
        complete: (tx, order, refund) => markRefunded(tx, order, refund, by(actor), actor.id),
      });
      const amount = formatBRL(result.refund.amountCents);
      return answer(
        id,
        actor,
        'refund',
        result.processing ? REFUND_MESSAGES.bankProcessing(amount) : REFUND_MESSAGES.done(amount),
      );
    },

    async reject(id: number, body: { reason: string }, actor: ReturnActor) {
      await locked(id, async (tx, order, request) => {
        requireStatus(request, ['requested', 'instructions_sent', 'received']);
        const at = now();
        const updated = await createReturnRepository(tx).update(id, {
          status: 'rejected',
          rejectedAt: at,
          rejectedBy: actor.id,
          rejectionReason: body.reason,
          updatedAt: at,
        });
        await steps.record(tx, {
          order,
          request: updated,
          step: 'return_rejected',
          by: by(actor),
          details: { reason: body.reason },
          mail: (context) => returnRejectedMail(context, appUrl),
        });
      });
      return answer(id, actor, 'reject', RETURN_MESSAGES.rejected);
    },

    /**
     * The exchange's new piece is posted: its units are reserved once (the status moves in the
     * same transaction), its Correios code recorded and e-mailed.
     */
    async shipExchange(id: number, body: { tracking_code: string }, actor: ReturnActor) {
      await locked(id, async (tx, order, request) => {
        if (request.type !== 'exchange') {
          throw new AppError('conflict', RETURN_MESSAGES.notExchange, { code: 'not_exchange' });
        }
        requireStatus(request, ['received']);
        const items = await createReturnRepository(tx).itemsOf([id]);
        const wanted = new Map<number, number>();
        for (const { item } of items) {
          if (item.exchangeVariantId === null) continue;
          wanted.set(
            item.exchangeVariantId,
            (wanted.get(item.exchangeVariantId) ?? 0) + item.quantity,
          );
        }
        const at = now();
        const reserved = await createStock(tx, deps.stockWatch).reserve(wanted, at);
        const short = items.find(
          ({ item }) => item.exchangeVariantId === null || !reserved.has(item.exchangeVariantId),
        );
        if (short) {
          throw new AppError(
            'conflict',
            RETURN_MESSAGES.exchangeOutOfStock(short.line.productName),
            {
              code: 'insufficient_stock',
            },
          );
        }
        const updated = await createReturnRepository(tx).update(id, {
          status: 'exchanged',
          exchangeTrackingCode: body.tracking_code,
          exchangedAt: at,
          exchangedBy: actor.id,
          updatedAt: at,
        });
        await steps.record(tx, {
          order,
          request: updated,
          step: 'exchange_shipped',
          by: by(actor),
          details: { tracking_code: body.tracking_code, reserved: Object.fromEntries(wanted) },
          mail: (context) => returnExchangedMail(context, appUrl),
        });
      });
      return answer(id, actor, 'ship_exchange', RETURN_MESSAGES.exchangeShipped);
    },
  };
}

export type AdminReturnService = ReturnType<typeof createAdminReturnService>;
