import { type OrderPaymentMethod, paysPixPrice } from '@lumina/shared/payments/payment-methods';
import { pixPriceCents, type PriceRules } from '@lumina/shared/catalog/pricing';
import { ORDER_MESSAGES } from '@lumina/shared/orders/order-messages';
import { exchangeRefusal } from '@lumina/shared/returns/exchange-options';
import {
  type CreateReturnBody,
  type CreateReturnResponse,
  RETURN_MESSAGES,
  type ReturnJson,
} from '@lumina/shared/returns/return-schemas';
import type { Db } from '../../db/database.ts';
import type { OrderItemRow, OrderRow } from '../../db/schema/orders.ts';
import type { ReturnRequestRow } from '../../db/schema/returns.ts';
import { AppError } from '../../http/app-error.ts';
import { linePrices } from '../catalog/line-prices.ts';
import type { MailOutbox } from '../mail/outbox.ts';
import type { OrderLifecycle } from '../orders/lifecycle-service.ts';
import { createOrderRepository } from '../orders/repository.ts';
import type { Refunds } from '../payments/refunds.ts';
import type { PaymentService } from '../payments/service.ts';
import { createReturnRepository } from './repository.ts';
import { returnCancelledMail, returnRequestedMail } from './return-mails.ts';
import { toReturnJson } from './return-json.ts';
import { createReturnSteps } from './return-steps.ts';
import { answerDeadline, formatStoreDay, protocolOf, withdrawalDeadline } from './rules.ts';

type Item = CreateReturnBody['return']['items'][number];

function orderNotFound(): AppError {
  return new AppError('not_found', ORDER_MESSAGES.notFound, { code: 'order_not_found' });
}

/** Where the body's own check puts a bad variant id (http/field-errors.ts: no positions). */
const VARIANT_FIELD = 'return.items.exchange_variant_id';

const conflict = (message: string, code: string) => new AppError('conflict', message, { code });
const invalid = (message: string, code: string, field = 'return.items') =>
  new AppError('invalid_data', message, { code, fields: { [field]: [message] } });

/** Whether the order takes a request of this type now (CDC art. 49: 7 days from receipt). */
function checkWindow(order: OrderRow, type: 'withdrawal' | 'exchange', now: Date): void {
  switch (order.status) {
    case 'pending':
      throw conflict(RETURN_MESSAGES.notPaid, 'order_not_paid');
    case 'shipped':
      // On its way: a withdrawal may be asked already (the seven days start at delivery).
      if (type === 'exchange') {
        throw conflict(RETURN_MESSAGES.exchangeBeforeDelivery, 'order_not_delivered');
      }
      return;
    case 'delivered':
    case 'partially_returned': {
      const deadline = withdrawalDeadline(order.deliveredAt ?? order.updatedAt);
      if (now.getTime() > deadline.getTime()) {
        throw conflict(
          RETURN_MESSAGES.deadlinePassed(formatStoreDay(deadline)),
          'return_deadline_passed',
        );
      }
      return;
    }
    default:
      throw conflict(RETURN_MESSAGES.closed, 'order_closed');
  }
}

/** The items asked for, checked against the order's lines and the units already in requests. */
async function checkItems(
  tx: Db,
  type: 'withdrawal' | 'exchange',
  items: Item[],
  lines: OrderItemRow[],
  taken: Map<number, number>,
  rules: PriceRules,
  method: OrderPaymentMethod,
): Promise<void> {
  const seen = new Set<number>();
  for (const item of items) {
    const line = lines.find((candidate) => candidate.id === item.order_item_id);
    if (!line) throw invalid(RETURN_MESSAGES.unknownItem, 'unknown_order_item');
    if (seen.has(line.id)) throw invalid(RETURN_MESSAGES.repeatedItem, 'repeated_order_item');
    seen.add(line.id);
    const left = line.quantity - (taken.get(line.id) ?? 0);
    if (item.quantity > left) {
      throw invalid(RETURN_MESSAGES.tooMany(line.productName, Math.max(left, 0)), 'too_many_units');
    }
    const wanted = item.exchange_variant_id ?? null;
    if (type === 'withdrawal' && wanted !== null) {
      throw invalid(RETURN_MESSAGES.exchangeVariantNotAllowed, 'exchange_variant_not_allowed');
    }
    if (type === 'exchange' && wanted === null) {
      throw invalid(
        RETURN_MESSAGES.exchangeVariantRequired,
        'exchange_variant_required',
        VARIANT_FIELD,
      );
    }
  }
  if (type !== 'exchange') return;
  const wanted = await createReturnRepository(tx).exchangeCandidates(
    items.map((item) => item.exchange_variant_id ?? 0),
  );
  for (const item of items) {
    const line = lines.find((candidate) => candidate.id === item.order_item_id);
    const variant = wanted.find((candidate) => candidate.id === item.exchange_variant_id);
    const refusal =
      line && variant
        ? exchangeRefusal(line, {
            productId: variant.productId,
            variantId: variant.id,
            active: variant.active,
            // What the variant would cost in an order paid the same way now, against what was
            // paid for the piece (a card or a boleto pays the list price).
            unitPriceCents: paysPixPrice(method)
              ? pixPriceCents(linePrices(variant), rules)
              : linePrices(variant).price_cents,
          })
        : 'not_another_variant';
    if (refusal === 'price_differs') {
      throw invalid(RETURN_MESSAGES.exchangePriceDiffers, 'exchange_price_differs', VARIANT_FIELD);
    }
    if (refusal) {
      throw invalid(
        RETURN_MESSAGES.exchangeVariantInvalid,
        'invalid_exchange_variant',
        VARIANT_FIELD,
      );
    }
  }
}

/**
 * The shopper's side of withdrawals and exchanges (DESIGN.md: POST /api/orders/{id}/returns, GET
 * /api/my_returns): the request, checked under its order's lock so the same units are never asked
 * twice, acknowledged at once by e-mail with its protocol (Decreto 7.962/2013 art. 5). A
 * withdrawal of an order paid but not yet shipped is its cancellation, with the full refund.
 */
export function createReturnService(deps: {
  db: Db;
  now: () => Date;
  lifecycle: OrderLifecycle;
  payments: PaymentService;
  refunds: Refunds;
  outbox: Pick<MailOutbox, 'enqueue' | 'kick'>;
  appUrl: string;
  /** The store settings' price rules now: what a variant costs, for an exchange's price check. */
  priceRules: () => PriceRules;
}) {
  const { db, now, lifecycle, payments, refunds, outbox, appUrl, priceRules } = deps;
  const repository = createReturnRepository(db);
  const steps = createReturnSteps({ lifecycle, outbox });

  async function json(id: number): Promise<ReturnJson> {
    const view = await repository.find(id);
    if (!view) throw new Error(`return request ${id} vanished`);
    return toReturnJson(view, await repository.itemsOf([id]));
  }

  async function insertRequest(
    tx: Db,
    order: OrderRow,
    values: {
      type: 'withdrawal' | 'exchange';
      reason: string | null;
      items: Item[];
      status: ReturnRequestRow['status'];
      at: Date;
    },
  ): Promise<ReturnRequestRow> {
    const inTx = createReturnRepository(tx);
    const { at } = values;
    const received = values.status !== 'requested';
    return inTx.insert(
      {
        protocol: protocolOf(at, await inTx.nextProtocolNumber()),
        orderId: order.id,
        userId: order.userId,
        type: values.type,
        status: values.status,
        reason: values.reason,
        answerBy: answerDeadline(at),
        receivedAt: received ? at : null,
        createdAt: at,
        updatedAt: at,
      },
      values.items.map((item) => ({
        orderItemId: item.order_item_id,
        quantity: item.quantity,
        exchangeVariantId: item.exchange_variant_id ?? null,
      })),
    );
  }

  /**
   * Paid, not shipped: the withdrawal cancels the whole order through its lifecycle (stock back)
   * and gives the money back the way the shop's cancel does: MercadoPago refunds it now, before
   * anything changes here; a built-in PIX waits for the shop's devolução, which the administrator
   * records on this request with its E2E id.
   */
  async function cancelBeforeShipping(
    order: OrderRow,
    body: CreateReturnBody['return'],
  ): Promise<CreateReturnResponse> {
    if (body.type === 'exchange') {
      throw conflict(RETURN_MESSAGES.exchangeBeforeDelivery, 'order_not_delivered');
    }
    await payments.settleBeforeCancel(order.id);
    const [latest] = (await payments.historyOf(order.id)).map((entry) => entry.payment);
    const automatic = latest?.status === 'approved' && payments.refundsAutomatically(latest);
    const refunded = automatic ? await payments.refundAtProvider(latest) : null;

    const request = await db.transaction(async (tx) => {
      const locked = await lifecycle.lock(tx, order.id);
      if (!locked) throw orderNotFound();
      const current = await payments.latestLocked(tx, order.id);
      const by = { actor: 'customer' as const, userId: order.userId };
      const applied = await lifecycle.apply(
        tx,
        locked,
        {
          type: 'cancel',
          provider: current?.provider ?? payments.providerName,
          withdrawal: true,
        },
        by,
        { action: 'withdrawal' },
      );
      if (applied.decision.outcome === 'refused') {
        const { kind, code, message } = applied.decision;
        throw new AppError(kind, message, { code });
      }
      if (applied.decision.outcome === 'unchanged') {
        throw conflict(RETURN_MESSAGES.closed, 'order_closed');
      }
      const lines = await createOrderRepository(tx).itemsOf([order.id]);
      const at = now();
      const moneyBack = automatic && current?.status === 'approved';
      const created = await insertRequest(tx, applied.order, {
        type: 'withdrawal',
        reason: body.reason || null,
        items: lines.map((line) => ({ order_item_id: line.id, quantity: line.quantity })),
        // Nothing travels back: the goods never left.
        status: moneyBack ? 'refunded' : 'received',
        at,
      });
      let stored = created;
      if (moneyBack && current) {
        await payments.recordLocked(tx, current.id, 'refunded', 'customer');
        await refunds.recordProviderRefundLocked(tx, {
          orderId: order.id,
          paymentId: current.id,
          amountCents: current.amountCents,
          providerRefundId: refunded?.refundId ?? null,
          adminId: null,
          returnId: created.id,
        });
        stored = await createReturnRepository(tx).update(created.id, {
          refundedAt: at,
          refundedCents: current.amountCents,
          updatedAt: at,
        });
      }
      await steps.record(tx, {
        order: applied.order,
        request: stored,
        step: 'withdrawal_cancelled',
        by,
        mail: (context) => returnCancelledMail(context, moneyBack, appUrl),
      });
      return stored;
    });
    outbox.kick();
    return {
      return: await json(request.id),
      cancelled: true,
      message: RETURN_MESSAGES.cancelled(request.protocol),
    };
  }

  return {
    async create(
      userId: number,
      orderId: number,
      body: CreateReturnBody,
    ): Promise<CreateReturnResponse> {
      const input = body.return;
      const order = await createOrderRepository(db).findOrder(orderId);
      // Someone else's order answers as a missing one, like every order path.
      if (!order || order.userId !== userId) throw orderNotFound();
      if (order.status === 'processing') return cancelBeforeShipping(order, input);

      const request = await db.transaction(async (tx) => {
        const locked = await lifecycle.lock(tx, orderId);
        if (!locked || locked.userId !== userId) throw orderNotFound();
        const at = now();
        checkWindow(locked, input.type, at);
        const lines = await createOrderRepository(tx).itemsOf([orderId]);
        const taken = await createReturnRepository(tx).unitsInRequests(orderId);
        await checkItems(
          tx,
          input.type,
          input.items,
          lines,
          taken,
          priceRules(),
          locked.paymentMethod,
        );
        const created = await insertRequest(tx, locked, {
          type: input.type,
          reason: input.reason || null,
          items: input.items,
          status: 'requested',
          at,
        });
        await steps.record(tx, {
          order: locked,
          request: created,
          step: input.type === 'withdrawal' ? 'withdrawal_requested' : 'exchange_requested',
          by: { actor: 'customer', userId },
          mail: (context) => returnRequestedMail(context, appUrl),
        });
        return created;
      });
      outbox.kick();
      return {
        return: await json(request.id),
        cancelled: false,
        message: RETURN_MESSAGES.acknowledged(request.protocol),
      };
    },

    /** The shopper's requests, newest first (at most 100). */
    async listForUser(userId: number): Promise<ReturnJson[]> {
      const views = await repository.listByUser(userId, 100);
      const items = await repository.itemsOf(views.map((view) => view.request.id));
      return views.map((view) => toReturnJson(view, items));
    },
  };
}

export type ReturnService = ReturnType<typeof createReturnService>;
