import {
  ADMIN_ORDER_ACTION_LABELS,
  type AdminOrderAction,
  type AdminOrderDetail,
} from '@lumina/shared/admin/admin-orders';
import { formatBRL } from '@lumina/shared/format/money';
import type { PaymentRowStatus, RefundStatus } from '@lumina/shared/orders/order-schemas';
import type { OrderEventAction } from '@lumina/shared/orders/order-events';
import type { OrderStatus } from '@lumina/shared/orders/order-status';
import type { BadgeVariant } from '../../../components/ui/badge.tsx';

export const ORDER_BADGE_VARIANTS: Record<OrderStatus, BadgeVariant> = {
  pending: 'muted',
  processing: 'gold',
  shipped: 'ink',
  delivered: 'success',
  cancelled: 'sale',
  refunded: 'muted',
  partially_returned: 'gold',
  returned: 'muted',
};

export const PAYMENT_BADGE_VARIANTS: Record<PaymentRowStatus, BadgeVariant> = {
  pending: 'muted',
  processing: 'gold',
  approved: 'success',
  rejected: 'sale',
  cancelled: 'muted',
  refunded: 'ink',
};

export const REFUND_LABELS: Record<RefundStatus, string | null> = {
  none: null,
  refunded: 'Valor estornado',
  manual_pending: 'Reembolso manual pendente',
};

export const PAID_AFTER_CANCEL = 'Pago após cancelamento';

export const PROVIDER_LABELS = {
  pix_builtin: 'PIX da loja',
  mercadopago: 'MercadoPago',
  pix_bank: 'PIX pelo banco da loja (API Pix)',
} as const;

/** What each e-mail of the outbox is, as the owner reads it. */
export const MAIL_KIND_LABELS: Record<string, string> = {
  order_received: 'Pedido recebido (código PIX)',
  payment_approved: 'Pagamento aprovado',
  order_shipped: 'Pedido enviado',
  order_delivered: 'Pedido entregue',
  order_cancelled: 'Pedido cancelado',
  order_expired: 'Cancelado por falta de pagamento',
  order_refunded: 'Pedido reembolsado',
  admin_paid_after_cancel: 'Alerta à loja: pago após cancelamento',
  admin_duplicate_payment: 'Alerta à loja: pagamento em duplicidade',
  order_refund: 'Reembolso',
  withdrawal_requested: 'Desistência recebida (protocolo)',
  exchange_requested: 'Troca recebida (protocolo)',
  withdrawal_cancelled: 'Pedido cancelado por desistência',
  return_instructions_sent: 'Instruções de devolução',
  return_received: 'Devolução recebida',
  return_refunded: 'Devolução reembolsada',
  return_rejected: 'Devolução recusada',
  exchange_shipped: 'Troca enviada',
  boleto_issued: 'Boleto gerado',
};

export const MAIL_STATUS_LABELS = {
  pending: 'Na fila',
  sent: 'Enviado',
  failed: 'Falhou',
} as const;

/** Steps of an order's life, as the history lists them: one for each step the API writes. */
export const ORDER_EVENT_LABELS: Record<OrderEventAction, string> = {
  confirm_payment: 'Pagamento confirmado',
  ship: 'Enviado',
  deliver: 'Entregue',
  cancel: 'Cancelado',
  refund: 'Reembolso',
  payment_pending: 'Pagamento pendente',
  payment_approved: 'Pagamento aprovado',
  payment_processing: 'Pagamento em processamento',
  payment_rejected: 'Pagamento rejeitado',
  payment_cancelled: 'Pagamento cancelado',
  payment_refunded: 'Pagamento estornado',
  repriced: 'Preço refeito para a forma de pagamento',
  refund_failed: 'Estorno não concluído',
  withdrawal_requested: 'Desistência solicitada',
  exchange_requested: 'Troca solicitada',
  withdrawal_cancelled: 'Cancelado por desistência do cliente',
  return_instructions_sent: 'Instruções de devolução enviadas',
  return_received: 'Devolução recebida',
  return_refunded: 'Devolução reembolsada',
  return_rejected: 'Devolução recusada',
  exchange_shipped: 'Troca enviada',
  duplicate_payment: 'Pagamento em duplicidade',
  reopen_shipment: 'Envio desfeito: etiqueta cancelada, aguardando nova etiqueta',
  label_purchased: 'Etiqueta comprada no Melhor Envio',
  label_cancelled: 'Etiqueta cancelada',
  invoice_requested: 'Emissão de NF-e pedida ao Bling',
  invoice_authorised: 'NF-e autorizada',
  invoice_rejected: 'NF-e rejeitada',
  invoice_denied: 'NF-e denegada',
  invoice_cancelled: 'NF-e cancelada',
};

/** Steps older histories may hold under names no longer written. */
const EARLIER_EVENT_LABELS: Record<string, string> = {
  withdrawal: 'Cancelado por desistência do cliente',
};

export function eventLabel(action: string): string {
  if (Object.hasOwn(ORDER_EVENT_LABELS, action)) {
    return ORDER_EVENT_LABELS[action as OrderEventAction];
  }
  return EARLIER_EVENT_LABELS[action] ?? action;
}

/** Who or what moved a payment attempt (its events' source), as the owner reads it. */
const PAYMENT_SOURCE_LABELS: Record<string, string> = {
  create: 'na criação',
  webhook: 'aviso do provedor',
  verify: 'verificação',
  reconciliation: 'conciliação',
  expiry: 'prazo esgotado',
  sandbox: 'simulação',
  admin: 'administrador',
  customer: 'cliente',
  system: 'sistema',
  superseded: 'trocado por outra forma de pagamento',
};

/** A source this list does not know is shown as the API wrote it. */
export function paymentSourceLabel(source: string): string {
  return Object.hasOwn(PAYMENT_SOURCE_LABELS, source)
    ? (PAYMENT_SOURCE_LABELS[source] ?? source)
    : source;
}

export const ACTOR_LABELS = {
  admin: 'Administrador',
  customer: 'Cliente',
  provider: 'Provedor de pagamento',
  system: 'Sistema',
} as const;

/** The outside services that move an order by themselves, by the source their events carry. */
const EVENT_SOURCE_LABELS: Record<string, string> = {
  melhor_envio: 'Melhor Envio',
  bling: 'Bling',
  auto_invoice: 'Emissão automática de NF-e',
};

/** Who took a step the shop's system took for an outside service: named after that service. */
export function systemActorLabel(actor: 'customer' | 'provider' | 'system', source: unknown) {
  if (typeof source === 'string' && Object.hasOwn(EVENT_SOURCE_LABELS, source)) {
    return EVENT_SOURCE_LABELS[source] ?? ACTOR_LABELS[actor];
  }
  return ACTOR_LABELS[actor];
}

/** What a history step adds after who took it: its code, protocol, NF-e number or price. */
export function eventDetails(details: Record<string, unknown>): string {
  const parts: string[] = [];
  if (typeof details.tracking_code === 'string') parts.push(details.tracking_code);
  if (typeof details.protocol === 'string') parts.push(details.protocol);
  if (typeof details.invoice_number === 'string') parts.push(`NF-e ${details.invoice_number}`);
  // A price is not split across lines on a phone.
  if (typeof details.price_cents === 'number') {
    parts.push(formatBRL(details.price_cents).replace(' ', '\u00a0'));
  }
  if (typeof details.reason === 'string') parts.push(details.reason);
  return parts.map((part) => ` · ${part}`).join('');
}

/**
 * The button for an action, in the order's situation: on a cancelled order, confirming is
 * restoring a late payment and cancelling is giving that payment back.
 */
export function actionLabel(action: AdminOrderAction, order: AdminOrderDetail['order']): string {
  if (order.status === 'cancelled' && action === 'confirm_payment') {
    return 'Pagamento recebido: restaurar pedido';
  }
  if (order.status === 'cancelled' && action === 'cancel') return 'Devolver o pagamento';
  return ADMIN_ORDER_ACTION_LABELS[action];
}

/** What the confirmation dialog says before the action runs. */
export function actionWarning(
  action: AdminOrderAction,
  order: AdminOrderDetail['order'],
  provider: keyof typeof PROVIDER_LABELS,
): string {
  switch (action) {
    case 'confirm_payment':
      return order.status === 'cancelled'
        ? `O pedido ${order.order_number} volta a ficar pago e as peças são reservadas de novo, se ainda houver estoque. O cliente recebe o e-mail de pagamento aprovado.`
        : `Confirme só depois de ver ${formatBRL(order.total_cents)} na conta da loja. O pedido ${order.order_number} passa a pago e o cliente recebe o e-mail de pagamento aprovado.`;
    case 'ship':
      return `Informe o código de rastreio dos Correios. O cliente recebe o código por e-mail e o vê em Meus Pedidos.`;
    case 'deliver':
      return `O pedido ${order.order_number} passa a entregue e o cliente recebe um e-mail.`;
    case 'cancel':
      if (order.status === 'cancelled') {
        return provider === 'mercadopago'
          ? 'O pagamento recebido após o cancelamento é estornado pelo MercadoPago.'
          : 'O pedido fica marcado com reembolso pendente: devolva o valor ao cliente por PIX.';
      }
      if (order.status === 'pending') {
        return `O pedido ${order.order_number} é cancelado, as peças voltam ao estoque e o cliente recebe um e-mail. Esta ação não pode ser desfeita.`;
      }
      return provider === 'mercadopago'
        ? `O pedido ${order.order_number} é cancelado, as peças voltam ao estoque e o valor é estornado pelo MercadoPago. Esta ação não pode ser desfeita.`
        : `O pedido ${order.order_number} é cancelado e as peças voltam ao estoque. O pagamento foi por PIX direto na conta da loja: devolva o valor ao cliente por PIX (o pedido fica marcado com reembolso pendente).`;
  }
}
