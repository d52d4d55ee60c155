import {
  ADMIN_ORDER_ACTION_LABELS,
  type AdminOrderAction,
  type AdminOrderDetail,
  type AdminOrderListQuery,
  type AdminOrderListResponse,
} from '@lumina/shared/admin/admin-orders';
import { centsToReais as reais } from '@lumina/shared/format/money';
import { ORDER_MESSAGES } from '@lumina/shared/orders/order-messages';
import { paymentStatusMessage } from '@lumina/shared/payments/card-rules';
import { shipOrderBodySchema } from '@lumina/shared/orders/tracking-code';
import type { Db } from '../../../db/database.ts';
import type { OrderRow, PaymentRow } from '../../../db/schema/orders.ts';
import { AppError } from '../../../http/app-error.ts';
import { fieldErrors } from '../../../http/field-errors.ts';
import type { MailOutbox } from '../../mail/outbox.ts';
import type { OrderAction } from '../../orders/lifecycle.ts';
import { availableActions } from '../../orders/lifecycle.ts';
import { type OrderLifecycle, orderState } from '../../orders/lifecycle-service.ts';
import { paymentOfRecord, toOrderJson, toOrderPaymentJson } from '../../orders/order-json.ts';
import type { FulfilmentView } from '../../fulfilment/order-view.ts';
import { createOrderRepository } from '../../orders/repository.ts';
import type { PaymentService } from '../../payments/service.ts';
import { isOpen } from '../../payments/transitions.ts';
import { type Refunds, toAdminRefundJson } from '../../payments/refunds.ts';
import { formatBRL, reaisToCents } from '@lumina/shared/format/money';
import { REFUND_MESSAGES, refundBodySchema } from '@lumina/shared/returns/return-schemas';
import type { SecurityLog } from '../../security/security-log.ts';
import { createAdminOrderQueries } from './queries.ts';

/** The administrator acting, as the security log and the order's steps record them. */
export interface AdminActor {
  id: number;
  ip: string | null;
  userAgent: string | undefined;
}

const SECURITY_MESSAGES: Record<AdminOrderAction, (number: string) => string> = {
  confirm_payment: (number) => `Pedido ${number}: pagamento confirmado pelo administrador`,
  ship: (number) => `Pedido ${number}: marcado como enviado`,
  deliver: (number) => `Pedido ${number}: marcado como entregue`,
  cancel: (number) => `Pedido ${number}: cancelado pelo administrador`,
};

/** What the panel tells of one attempt beyond its status: the method's line and the money. */
function paymentFactsOf(payment: PaymentRow) {
  const { method, label, installments, card_brand, card_last_four } = toOrderPaymentJson(payment);
  return {
    method,
    label,
    status_detail: payment.statusDetail,
    status_message: payment.statusDetail
      ? paymentStatusMessage(payment.status, payment.statusDetail)
      : null,
    installments,
    card_brand,
    card_last_four,
    fee: payment.feeCents === null ? null : reais(payment.feeCents),
    fee_cents: payment.feeCents,
    net: payment.netCents === null ? null : reais(payment.netCents),
    net_cents: payment.netCents,
  };
}

function notFound(): AppError {
  return new AppError('not_found', ORDER_MESSAGES.notFound, { code: 'order_not_found' });
}

/**
 * The shop's order operations: the filtered list, one order with everything that
 * happened to it, and the four actions. Orders decide (their lifecycle), payments move their
 * rows and talk to the provider; this module only puts them in order and keeps the record.
 */
export function createAdminOrderService(deps: {
  db: Db;
  lifecycle: OrderLifecycle;
  payments: PaymentService;
  refunds: Refunds;
  outbox: Pick<MailOutbox, 'kick' | 'ofOrder'>;
  securityLog: SecurityLog;
  /** The label, the NF-e and the tracking of orders (absent where a test does without). */
  fulfilment?: Pick<FulfilmentView, 'ofOrder' | 'statesOf'>;
}) {
  const { db, lifecycle, payments, refunds, outbox, securityLog } = deps;
  const queries = createAdminOrderQueries(db);
  const orderRepository = createOrderRepository(db);

  function providerOf(latest: PaymentRow | undefined) {
    return latest?.provider ?? payments.providerName;
  }

  async function detail(orderId: number): Promise<AdminOrderDetail> {
    const order = await orderRepository.findOrder(orderId);
    if (!order) throw notFound();
    const [items, history, mails, events, refundRows, refundable, fulfilment] = await Promise.all([
      orderRepository.itemsOf([orderId]),
      payments.historyOf(orderId),
      outbox.ofOrder(orderId),
      queries.events(orderId),
      refunds.completedOf([orderId]),
      refunds.refundableOf(orderId),
      deps.fulfilment?.ofOrder(orderId),
    ]);
    return {
      order: {
        ...toOrderJson(
          order,
          items,
          refundRows.map(({ refund }) => refund),
          paymentOfRecord(history.map(({ payment }) => payment)),
        ),
        user_id: order.userId,
        paid_after_cancel: order.paidAfterCancel,
        refund_status: order.refundStatus,
        payment_confirmed_by: order.paymentConfirmedBy,
      },
      payments: history.map(({ payment, events: paymentEvents }) => ({
        id: payment.id,
        provider: payment.provider,
        status: payment.status,
        amount: reais(payment.amountCents),
        amount_cents: payment.amountCents,
        gateway_payment_id: payment.gatewayPaymentId,
        txid: payment.txid,
        ...paymentFactsOf(payment),
        created_at: payment.createdAt.toISOString(),
        expires_at: payment.expiresAt.toISOString(),
        approved_at: payment.approvedAt?.toISOString() ?? null,
        events: paymentEvents.map((event) => ({
          from_status: event.fromStatus,
          to_status: event.toStatus,
          source: event.source,
          created_at: event.createdAt.toISOString(),
        })),
      })),
      refunds: refundRows.map(({ refund, adminName }) => toAdminRefundJson(refund, adminName)),
      refundable: reais(refundable),
      emails: mails.map((mail) => ({
        id: mail.id,
        kind: mail.kind,
        subject: mail.subject,
        to: mail.toAddress,
        status: mail.status,
        attempts: mail.attempts,
        created_at: mail.createdAt.toISOString(),
        sent_at: mail.sentAt?.toISOString() ?? null,
      })),
      events: events.map(({ event, adminName }) => ({
        id: event.id,
        action: event.action,
        from_status: event.fromStatus,
        to_status: event.toStatus,
        actor: event.actor,
        admin_id: event.adminId,
        admin_name: adminName,
        ip: event.ip,
        details: event.details,
        created_at: event.createdAt.toISOString(),
      })),
      available_actions: availableActions(orderState(order), providerOf(history[0]?.payment)),
      ...(fulfilment ? { fulfilment } : {}),
    };
  }

  /**
   * Applies one action under the order's lock. `after` moves the payment row alongside, in the
   * same transaction, when the order changed.
   */
  async function act(
    orderId: number,
    name: AdminOrderAction,
    actor: AdminActor,
    action: (latest: PaymentRow | undefined) => OrderAction,
    after?: (tx: Db, order: OrderRow, latest: PaymentRow | undefined) => Promise<void>,
  ) {
    const result = await db.transaction(async (tx) => {
      const order = await lifecycle.lock(tx, orderId);
      if (!order) throw notFound();
      const latest = await payments.latestLocked(tx, orderId);
      const applied = await lifecycle.apply(
        tx,
        order,
        action(latest),
        { actor: 'admin', adminId: actor.id, ip: actor.ip },
        { action: name },
      );
      if (applied.decision.outcome === 'refused') {
        const { kind, code, message } = applied.decision;
        throw new AppError(kind, message, { code });
      }
      if (applied.decision.outcome === 'changed') await after?.(tx, order, latest);
      return { order: applied.order, decision: applied.decision };
    });
    const changed = result.decision.outcome === 'changed';
    if (changed) {
      outbox.kick();
      await securityLog.record({
        type: 'admin_order_action',
        severity: name === 'cancel' ? 'warning' : 'info',
        userId: actor.id,
        ip: actor.ip,
        userAgent: actor.userAgent,
        message: SECURITY_MESSAGES[name](result.order.orderNumber),
        metadata: {
          order_id: orderId,
          action: name,
          label: ADMIN_ORDER_ACTION_LABELS[name],
          to: result.order.status,
        },
      });
    }
    return { ...(await detail(orderId)), changed, message: result.decision.message };
  }

  return {
    async list(query: AdminOrderListQuery): Promise<AdminOrderListResponse> {
      const { rows, total, paidAfterCancel } = await queries.list(query);
      const states = await deps.fulfilment?.statesOf(rows.map(({ order }) => order.id));
      return {
        orders: rows.map(({ order, itemsCount, provider }) => ({
          id: order.id,
          order_number: order.orderNumber,
          created_at: order.createdAt.toISOString(),
          status: order.status,
          payment_status: order.paymentStatus,
          payment_provider: provider,
          customer_name: order.customerName,
          customer_email: order.customerEmail,
          total: reais(order.totalCents),
          total_cents: order.totalCents,
          items_count: itemsCount,
          tracking_code: order.trackingCode,
          paid_after_cancel: order.paidAfterCancel,
          refund_status: order.refundStatus,
          label_state: states?.label.get(order.id) ?? null,
          invoice_state: states?.invoice.get(order.id) ?? null,
        })),
        total,
        page: query.page,
        per_page: query.per_page,
        total_pages: Math.max(1, Math.ceil(total / query.per_page)),
        alerts: { paid_after_cancel: paidAfterCancel },
      };
    },

    detail,

    /** The shop saw a built-in PIX arrive in its bank (or restores an order paid too late). */
    confirmPayment(orderId: number, actor: AdminActor) {
      return act(
        orderId,
        'confirm_payment',
        actor,
        (latest) => ({ type: 'confirm_payment', provider: providerOf(latest) }),
        async (tx, _order, latest) => {
          if (latest && latest.status !== 'approved') {
            await payments.recordLocked(tx, latest.id, 'approved', 'admin');
          }
        },
      );
    },

    ship(orderId: number, body: unknown, actor: AdminActor) {
      const parsed = shipOrderBodySchema.safeParse(body ?? {});
      if (!parsed.success) {
        const message = parsed.error.issues[0]?.message ?? '';
        throw new AppError('invalid_data', message, {
          code: 'invalid_tracking_code',
          fields: fieldErrors(parsed.error, 'tracking_code'),
        });
      }
      const trackingCode = parsed.data.tracking_code;
      return act(orderId, 'ship', actor, () => ({ type: 'ship', trackingCode }));
    },

    deliver(orderId: number, actor: AdminActor) {
      return act(orderId, 'deliver', actor, () => ({ type: 'deliver' }));
    },

    /**
     * Cancels an unpaid order, or a paid one that has not shipped (and refunds it: MercadoPago
     * through its API, before anything changes here; a built-in PIX is marked for a manual
     * refund). An open MercadoPago charge is cancelled there first and asked again, so money
     * that arrived meanwhile is refunded rather than lost.
     */
    async cancel(orderId: number, actor: AdminActor) {
      await payments.settleBeforeCancel(orderId);
      const before = await orderRepository.findOrder(orderId);
      if (!before) throw notFound();
      const [latest] = (await payments.historyOf(orderId)).map((entry) => entry.payment);
      const paid = latest?.status === 'approved';
      const refundable =
        paid &&
        payments.refundsAutomatically(latest) &&
        (before.status === 'processing' ||
          (before.status === 'cancelled' && before.paidAfterCancel));
      // The provider gives the money back first: if it cannot, nothing changes here.
      const refunded = refundable ? await payments.refundAtProvider(latest) : null;

      return act(
        orderId,
        'cancel',
        actor,
        (current) => ({ type: 'cancel', provider: providerOf(current) }),
        async (tx, _order, current) => {
          if (!current) return;
          if (isOpen(current.status)) {
            await payments.recordLocked(tx, current.id, 'cancelled', 'admin');
          } else if (current.status === 'approved' && refundable) {
            await payments.recordLocked(tx, current.id, 'refunded', 'admin');
            await refunds.recordProviderRefundLocked(tx, {
              orderId,
              paymentId: current.id,
              amountCents: current.amountCents,
              providerRefundId: refunded?.refundId ?? null,
              adminId: actor.id,
            });
          }
        },
      );
    },

    /**
     * POST /api/admin/orders/{id}/refunds: money back without goods coming back (a goodwill
     * discount, a missing piece), all that is left or `amount`; through the same refund service
     * as a withdrawal's.
     */
    async refund(orderId: number, body: unknown, actor: AdminActor) {
      const parsed = refundBodySchema.safeParse(body ?? {});
      if (!parsed.success) {
        throw new AppError('invalid_data', parsed.error.issues[0]?.message ?? '', {
          code: 'invalid_refund',
          fields: fieldErrors(parsed.error, 'refund'),
        });
      }
      const input = parsed.data ?? {};
      const result = await refunds.refund({
        orderId,
        amountCents: input.amount == null ? null : (reaisToCents(input.amount) ?? null),
        e2eId: input.e2e_id ?? null,
        reason: input.reason ?? null,
        by: { adminId: actor.id, ip: actor.ip },
        goodsReturned: false,
      });
      await securityLog.record({
        type: 'admin_order_action',
        severity: 'warning',
        userId: actor.id,
        ip: actor.ip,
        userAgent: actor.userAgent,
        message: `Pedido ${result.order.orderNumber}: reembolso de ${formatBRL(result.refund.amountCents)}`,
        metadata: { order_id: orderId, action: 'refund', refund_id: result.refund.id },
      });
      return {
        refund: toAdminRefundJson(result.refund, null),
        refunded_total: reais(result.refundedCents),
        refundable: reais(result.refundableCents),
        order_status: result.order.status,
        message: result.processing
          ? REFUND_MESSAGES.bankProcessing(formatBRL(result.refund.amountCents))
          : REFUND_MESSAGES.done(formatBRL(result.refund.amountCents)),
      };
    },
  };
}

export type AdminOrderService = ReturnType<typeof createAdminOrderService>;
