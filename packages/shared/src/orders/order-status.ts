/**
 * Order statuses and their list badges (spec 001 §4). `refunded`: the money went back after the
 * order was paid (the provider refunded it or the shop did by hand).
 */
export const ORDER_STATUSES = [
  'pending',
  'processing',
  'shipped',
  'delivered',
  'cancelled',
  'refunded',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  pending: 'Pendente',
  processing: 'Processando',
  shipped: 'Enviado',
  delivered: 'Entregue',
  cancelled: 'Cancelado',
  refunded: 'Reembolsado',
};

export function isOrderStatus(value: string): value is OrderStatus {
  return (ORDER_STATUSES as readonly string[]).includes(value);
}

export function orderStatusLabel(status: string): string {
  return isOrderStatus(status) ? ORDER_STATUS_LABELS[status] : ORDER_STATUS_LABELS.pending;
}

/** The order list's payment badge: four known statuses, anything else reads as pending. */
export const PAYMENT_BADGES = {
  pending: 'Aguardando Pagamento',
  approved: 'Pago',
  rejected: 'Rejeitado',
  cancelled: 'Cancelado',
} as const;
export type PaymentBadge = keyof typeof PAYMENT_BADGES;

export function paymentBadge(paymentStatus: string): { status: PaymentBadge; label: string } {
  const status: PaymentBadge =
    paymentStatus === 'approved' || paymentStatus === 'rejected' || paymentStatus === 'cancelled'
      ? paymentStatus
      : 'pending';
  return { status, label: PAYMENT_BADGES[status] };
}
