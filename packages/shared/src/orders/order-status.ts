/**
 * Order statuses and their list badges (spec 001 §4). `refunded`: the money went back after the
 * order was paid (the provider refunded it or the shop did by hand). `returned` and
 * `partially_returned`: goods came back under a withdrawal (CDC art. 49) and their money went
 * back, for all of the order or part of it.
 */
export const ORDER_STATUSES = [
  'pending',
  'processing',
  'shipped',
  'delivered',
  'cancelled',
  'refunded',
  'partially_returned',
  'returned',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  pending: 'Pendente',
  processing: 'Processando',
  shipped: 'Enviado',
  delivered: 'Entregue',
  cancelled: 'Cancelado',
  refunded: 'Reembolsado',
  partially_returned: 'Devolvido parcialmente',
  returned: 'Devolvido',
};

export function isOrderStatus(value: string): value is OrderStatus {
  return (ORDER_STATUSES as readonly string[]).includes(value);
}

export function orderStatusLabel(status: string): string {
  return isOrderStatus(status) ? ORDER_STATUS_LABELS[status] : ORDER_STATUS_LABELS.pending;
}
