import type { AdminOrderAction } from '@lumina/shared/admin/admin-orders';
import type {
  PaymentProviderName,
  PaymentRowStatus,
  RefundStatus,
} from '@lumina/shared/orders/order-schemas';
import type { OrderStatus } from '@lumina/shared/orders/order-status';

/**
 * The one state machine of an order: pending -> processing (paid) -> shipped ->
 * delivered, and shipped -> processing when the label that shipped it is cancelled; cancelled from pending or paid-and-not-shipped; refunded when a paid order's money
 * goes back; partially_returned / returned when goods came back under a withdrawal and their money
 * went back (part of the order, or all of it). Pure: `decide` says what an action does to an order as it stands, and the
 * lifecycle service (the only writer of an order's status) applies it under the order's lock.
 */

/** What can happen to an order, and who reports it. */
export type OrderAction =
  /** The payment provider (webhook, verification, expiry) or the sandbox reports a status. */
  | { type: 'payment'; status: PaymentRowStatus }
  /** An administrator saw a built-in PIX payment arrive in the shop's bank. */
  | { type: 'confirm_payment'; provider: PaymentProviderName }
  /** `carrier`: a label's carrier other than the Correios (the shopper is sent to its page). */
  | { type: 'ship'; trackingCode: string; carrier?: string | null }
  /**
   * The shipment is undone before the carrier had the parcel: the label that shipped the order
   * was cancelled, so the order waits for a new one. Only when `trackingCode` is still the
   * order's (a code typed by hand, or a later label's, stays).
   */
  | { type: 'reopen_shipment'; trackingCode: string }
  | { type: 'deliver' }
  /**
   * By an administrator, by the expiry of an unpaid order (`unpaid: true`), or by the shopper's
   * withdrawal before shipping (`withdrawal: true`: the returns module acknowledges it by e-mail
   * with its protocol, so the shop's 'cancelled by the shop' e-mail is not sent).
   */
  | {
      type: 'cancel';
      provider: PaymentProviderName | null;
      unpaid?: boolean;
      withdrawal?: boolean;
    }
  /**
   * Money given back by the shop (payments' refund rows): `full` when everything paid is back
   * now, `goodsReturned` when it pays for goods that came back (a withdrawal).
   */
  | { type: 'refund'; full: boolean; goodsReturned: boolean };

export type OrderActionType = OrderAction['type'];

/** The order fields the machine reads. */
export interface OrderState {
  status: OrderStatus;
  paymentStatus: PaymentRowStatus;
  trackingCode: string | null;
  paidAfterCancel: boolean;
  refundStatus: RefundStatus;
}

/** The e-mails a change promises (written to the outbox in the same transaction). */
export type OrderMailKind =
  | 'payment_approved'
  | 'order_shipped'
  | 'order_delivered'
  | 'order_cancelled'
  | 'order_expired'
  | 'order_refunded'
  | 'admin_paid_after_cancel';

export interface OrderChange {
  outcome: 'changed';
  /** The order's fields after the change (only those that change). */
  set: Partial<OrderState>;
  /** Reserved units go back to the shelf (at most once: the service stamps the order). */
  returnStock: boolean;
  /** Units go out of stock again (a cancelled order restored after a late payment). */
  reserveStock: boolean;
  /** Money to give back: through the provider, or by the shop by hand (built-in PIX). */
  refund: 'provider' | 'manual' | null;
  mails: OrderMailKind[];
  /** pt-BR, for the administrator who asked. */
  message: string;
}

export interface OrderUnchanged {
  outcome: 'unchanged';
  message: string;
}

export interface OrderRefusal {
  outcome: 'refused';
  kind: 'conflict' | 'invalid_data';
  code: string;
  message: string;
}

export type OrderDecision = OrderChange | OrderUnchanged | OrderRefusal;

export const LIFECYCLE_MESSAGES = {
  confirmed: 'Pagamento confirmado. O cliente foi avisado por e-mail.',
  alreadyPaid: 'O pagamento deste pedido já estava confirmado.',
  restored: 'Pedido restaurado como pago. As peças foram reservadas de novo.',
  notPending: 'Só é possível confirmar o pagamento de pedidos aguardando pagamento.',
  mercadoPagoConfirm:
    'Pagamentos do MercadoPago são confirmados pelo próprio MercadoPago. Use "Verificar Todos os PIX" se ele já foi pago.',
  shipped: 'Pedido marcado como enviado. O cliente recebeu o código de rastreio por e-mail.',
  alreadyShipped: 'Este pedido já estava marcado como enviado com este código.',
  shippedOtherCode: (code: string) =>
    `Este pedido já foi enviado com o código ${code}. O código não pode ser trocado.`,
  shipUnpaid: 'Só pedidos pagos podem ser enviados.',
  shipClosed: 'Este pedido não pode mais ser enviado.',
  delivered: 'Pedido marcado como entregue. O cliente foi avisado por e-mail.',
  alreadyDelivered: 'Este pedido já estava marcado como entregue.',
  deliverNotShipped: 'Só pedidos enviados podem ser marcados como entregues.',
  reopened: 'Envio desfeito: o pedido voltou para Processando e aguarda uma nova etiqueta.',
  reopenNotShipped: 'Só um pedido enviado e ainda não entregue pode voltar para Processando.',
  reopenOtherCode: 'O pedido foi enviado com outro código de rastreio; o envio continua valendo.',
  cancelled: 'Pedido cancelado. As peças voltaram ao estoque.',
  cancelledRefunded:
    'Pedido cancelado. As peças voltaram ao estoque e o valor foi estornado pelo MercadoPago.',
  cancelledManualRefund:
    'Pedido cancelado. As peças voltaram ao estoque. Devolva o valor ao cliente por PIX: o pedido fica marcado com reembolso pendente.',
  alreadyCancelled: 'Este pedido já estava cancelado.',
  cancelShipped: 'Pedidos enviados ou entregues não podem ser cancelados.',
  cancelRefunded: 'Este pedido já foi reembolsado.',
  lateRefunded: 'O pagamento recebido após o cancelamento foi estornado pelo MercadoPago.',
  lateManualRefund:
    'Devolva ao cliente por PIX o pagamento recebido após o cancelamento: o pedido fica marcado com reembolso pendente.',
  paymentNoted: 'Situação do pagamento atualizada.',
  noChange: 'Nada a mudar neste pedido.',
  refunded: 'Reembolso registrado.',
  refundNotPaid: 'Este pedido não tem pagamento aprovado para devolver.',
  refundNothingLeft: 'Todo o valor pago neste pedido já foi devolvido.',
  refundCancelInstead:
    'Para devolver todo o valor de um pedido que ainda não foi enviado, cancele o pedido.',
  refundClosed: 'Este pedido não aceita reembolso.',
} as const;

const refuse = (
  code: string,
  message: string,
  kind: OrderRefusal['kind'] = 'conflict',
): OrderRefusal => ({ outcome: 'refused', kind, code, message });

const unchanged = (message: string): OrderUnchanged => ({ outcome: 'unchanged', message });

function change(
  set: Partial<OrderState>,
  message: string,
  extra: Partial<Omit<OrderChange, 'outcome' | 'set' | 'message'>> = {},
): OrderChange {
  return {
    outcome: 'changed',
    set,
    message,
    returnStock: false,
    reserveStock: false,
    refund: null,
    mails: [],
    ...extra,
  };
}

const PAID: readonly OrderStatus[] = ['processing', 'shipped', 'delivered'];

/** What a payment status reported by the provider (or the sandbox) does to the order. */
function onPayment(order: OrderState, status: PaymentRowStatus): OrderDecision {
  if (status === order.paymentStatus) return unchanged(LIFECYCLE_MESSAGES.noChange);
  switch (status) {
    case 'pending':
      return unchanged(LIFECYCLE_MESSAGES.noChange);
    case 'processing':
      return order.status === 'pending'
        ? change({ paymentStatus: 'processing' }, LIFECYCLE_MESSAGES.paymentNoted)
        : unchanged(LIFECYCLE_MESSAGES.noChange);
    case 'approved':
      if (order.status === 'pending') {
        return change(
          { status: 'processing', paymentStatus: 'approved' },
          LIFECYCLE_MESSAGES.confirmed,
          {
            mails: ['payment_approved'],
          },
        );
      }
      if (order.status === 'cancelled' && order.refundStatus === 'none') {
        // The money arrived after the order was cancelled (and its stock returned): never
        // dropped silently; the shop refunds or restores it.
        return change(
          { paymentStatus: 'approved', paidAfterCancel: true },
          LIFECYCLE_MESSAGES.paymentNoted,
          { mails: ['admin_paid_after_cancel'] },
        );
      }
      return unchanged(LIFECYCLE_MESSAGES.noChange);
    case 'rejected':
    case 'cancelled':
      if (order.status !== 'pending') return unchanged(LIFECYCLE_MESSAGES.noChange);
      return change({ status: 'cancelled', paymentStatus: status }, LIFECYCLE_MESSAGES.cancelled, {
        returnStock: true,
        mails: ['order_expired'],
      });
    case 'refunded':
      if (order.status === 'cancelled') {
        return change(
          { paymentStatus: 'refunded', refundStatus: 'refunded', paidAfterCancel: false },
          LIFECYCLE_MESSAGES.paymentNoted,
        );
      }
      if (!PAID.includes(order.status)) return unchanged(LIFECYCLE_MESSAGES.noChange);
      // Goods already on their way are not put back on the shelf; the shop handles the return.
      return change(
        { status: 'refunded', paymentStatus: 'refunded', refundStatus: 'refunded' },
        LIFECYCLE_MESSAGES.paymentNoted,
        { returnStock: order.status === 'processing', mails: ['order_refunded'] },
      );
  }
}

function onConfirm(order: OrderState, provider: PaymentProviderName): OrderDecision {
  // 'Restore': money arrived after the cancel (flagged by the provider, or seen by the shop in
  // its bank for a built-in PIX), so the order goes back to paid if the units are still there.
  const latePayment =
    order.status === 'cancelled' &&
    order.refundStatus === 'none' &&
    (order.paidAfterCancel || provider === 'pix_builtin');
  if (latePayment) {
    return change(
      { status: 'processing', paymentStatus: 'approved', paidAfterCancel: false },
      LIFECYCLE_MESSAGES.restored,
      { reserveStock: true, mails: ['payment_approved'] },
    );
  }
  if (PAID.includes(order.status)) return unchanged(LIFECYCLE_MESSAGES.alreadyPaid);
  if (order.status !== 'pending') return refuse('order_not_pending', LIFECYCLE_MESSAGES.notPending);
  if (provider === 'mercadopago') {
    return refuse('provider_confirms', LIFECYCLE_MESSAGES.mercadoPagoConfirm);
  }
  return change({ status: 'processing', paymentStatus: 'approved' }, LIFECYCLE_MESSAGES.confirmed, {
    mails: ['payment_approved'],
  });
}

function onShip(order: OrderState, trackingCode: string): OrderDecision {
  if (order.status === 'shipped' || order.status === 'delivered') {
    return order.trackingCode === trackingCode
      ? unchanged(LIFECYCLE_MESSAGES.alreadyShipped)
      : refuse('already_shipped', LIFECYCLE_MESSAGES.shippedOtherCode(order.trackingCode ?? ''));
  }
  if (order.status === 'pending') return refuse('order_not_paid', LIFECYCLE_MESSAGES.shipUnpaid);
  if (order.status !== 'processing') return refuse('order_closed', LIFECYCLE_MESSAGES.shipClosed);
  return change({ status: 'shipped', trackingCode }, LIFECYCLE_MESSAGES.shipped, {
    mails: ['order_shipped'],
  });
}

function onReopenShipment(order: OrderState, trackingCode: string): OrderDecision {
  if (order.status === 'processing' && order.trackingCode === null) {
    return unchanged(LIFECYCLE_MESSAGES.noChange);
  }
  if (order.status !== 'shipped') {
    return refuse('order_not_shipped', LIFECYCLE_MESSAGES.reopenNotShipped);
  }
  if (order.trackingCode !== trackingCode) {
    return refuse('other_tracking_code', LIFECYCLE_MESSAGES.reopenOtherCode);
  }
  // No e-mail of its own: the shipped e-mail with the new code follows the new label.
  return change({ status: 'processing', trackingCode: null }, LIFECYCLE_MESSAGES.reopened);
}

function onDeliver(order: OrderState): OrderDecision {
  if (order.status === 'delivered') return unchanged(LIFECYCLE_MESSAGES.alreadyDelivered);
  if (order.status !== 'shipped') {
    return refuse('order_not_shipped', LIFECYCLE_MESSAGES.deliverNotShipped);
  }
  return change({ status: 'delivered' }, LIFECYCLE_MESSAGES.delivered, {
    mails: ['order_delivered'],
  });
}

function onCancel(
  order: OrderState,
  provider: PaymentProviderName | null,
  unpaid: boolean,
  withdrawal = false,
): OrderDecision {
  const refund = provider === 'mercadopago' ? 'provider' : 'manual';
  switch (order.status) {
    case 'pending':
      return change(
        { status: 'cancelled', paymentStatus: 'cancelled' },
        LIFECYCLE_MESSAGES.cancelled,
        { returnStock: true, mails: [unpaid ? 'order_expired' : 'order_cancelled'] },
      );
    case 'processing':
      if (unpaid) return unchanged(LIFECYCLE_MESSAGES.alreadyPaid);
      return change(
        {
          status: 'cancelled',
          refundStatus: refund === 'provider' ? 'refunded' : 'manual_pending',
          ...(refund === 'provider' ? { paymentStatus: 'refunded' as const } : {}),
        },
        refund === 'provider'
          ? LIFECYCLE_MESSAGES.cancelledRefunded
          : LIFECYCLE_MESSAGES.cancelledManualRefund,
        { returnStock: true, refund, mails: withdrawal ? [] : ['order_cancelled'] },
      );
    case 'cancelled':
      if (order.paidAfterCancel && !unpaid) {
        // 'Refund': the late payment goes back; the order stays cancelled.
        return change(
          {
            paidAfterCancel: false,
            refundStatus: refund === 'provider' ? 'refunded' : 'manual_pending',
            ...(refund === 'provider' ? { paymentStatus: 'refunded' as const } : {}),
          },
          refund === 'provider'
            ? LIFECYCLE_MESSAGES.lateRefunded
            : LIFECYCLE_MESSAGES.lateManualRefund,
          { refund },
        );
      }
      return unchanged(LIFECYCLE_MESSAGES.alreadyCancelled);
    case 'shipped':
    case 'delivered':
    case 'partially_returned':
      return refuse('order_shipped', LIFECYCLE_MESSAGES.cancelShipped);
    case 'refunded':
    case 'returned':
      return refuse('order_refunded', LIFECYCLE_MESSAGES.cancelRefunded);
  }
}

/** Money went back (all of it, or part): what the order becomes. */
function onRefund(order: OrderState, full: boolean, goodsReturned: boolean): OrderDecision {
  const allBack = {
    paymentStatus: 'refunded' as const,
    refundStatus: 'refunded' as const,
    paidAfterCancel: false,
  };
  switch (order.status) {
    case 'pending':
      return refuse('order_not_paid', LIFECYCLE_MESSAGES.refundNotPaid);
    case 'processing':
      // Goods still here: giving all the money back is the cancel, which also frees the stock.
      if (full) return refuse('cancel_instead', LIFECYCLE_MESSAGES.refundCancelInstead);
      return change({}, LIFECYCLE_MESSAGES.refunded);
    case 'shipped':
    case 'delivered':
    case 'partially_returned':
      if (full) {
        const returned = goodsReturned || order.status === 'partially_returned';
        return change(
          { status: returned ? 'returned' : 'refunded', ...allBack },
          LIFECYCLE_MESSAGES.refunded,
        );
      }
      return change(
        goodsReturned ? { status: 'partially_returned' } : {},
        LIFECYCLE_MESSAGES.refunded,
      );
    case 'cancelled':
      // A paid order cancelled before shipping whose money the shop returns by hand (built-in
      // PIX), or a payment that arrived after the cancel.
      if (order.refundStatus === 'refunded') {
        return refuse('already_refunded', LIFECYCLE_MESSAGES.refundNothingLeft);
      }
      if (order.refundStatus !== 'manual_pending' && !order.paidAfterCancel) {
        return refuse('order_closed', LIFECYCLE_MESSAGES.refundClosed);
      }
      return change(full ? allBack : {}, LIFECYCLE_MESSAGES.refunded);
    case 'refunded':
    case 'returned':
      return refuse('already_refunded', LIFECYCLE_MESSAGES.refundNothingLeft);
  }
}

export function decide(order: OrderState, action: OrderAction): OrderDecision {
  switch (action.type) {
    case 'payment':
      return onPayment(order, action.status);
    case 'confirm_payment':
      return onConfirm(order, action.provider);
    case 'ship':
      return onShip(order, action.trackingCode);
    case 'reopen_shipment':
      return onReopenShipment(order, action.trackingCode);
    case 'deliver':
      return onDeliver(order);
    case 'cancel':
      return onCancel(order, action.provider, action.unpaid ?? false, action.withdrawal);
    case 'refund':
      return onRefund(order, action.full, action.goodsReturned);
  }
}

/** The buttons the panel shows: the admin actions that would change the order now. */
export function availableActions(
  order: OrderState,
  provider: PaymentProviderName | null,
): AdminOrderAction[] {
  const probes: [AdminOrderAction, OrderAction][] = [
    ['confirm_payment', { type: 'confirm_payment', provider: provider ?? 'pix_builtin' }],
    // Any valid code: the probe asks whether shipping is possible at all.
    ['ship', { type: 'ship', trackingCode: '\u0000' }],
    ['deliver', { type: 'deliver' }],
    ['cancel', { type: 'cancel', provider }],
  ];
  return probes
    .filter(([, action]) => decide(order, action).outcome === 'changed')
    .map(([name]) => name);
}
