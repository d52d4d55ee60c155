/** Payment statuses (spec 001 §4); 'completed' is the order status the pages also accept. */
export const PAYMENT_STATUSES = [
  'pending',
  'processing',
  'approved',
  'completed',
  'rejected',
  'cancelled',
  'refunded',
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/**
 * The one set of words for a payment's status: the customer's order list, the payment result
 * pages and the admin panel read the same status the same way. The spec's order-list words
 * (spec 001 §4: 'Aguardando Pagamento', 'Pago'), its 'Processando' and 'Concluído', and
 * 'Reembolsado' for money that went back (a refunded payment is never 'Aguardando Pagamento').
 */
export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  pending: 'Aguardando Pagamento',
  processing: 'Processando',
  approved: 'Pago',
  completed: 'Concluído',
  rejected: 'Rejeitado',
  cancelled: 'Cancelado',
  refunded: 'Reembolsado',
};

export function isPaymentStatus(value: string): value is PaymentStatus {
  return (PAYMENT_STATUSES as readonly string[]).includes(value);
}

/** A status this set does not know reads as pending (spec 001 §4, order list badge). */
export function paymentStatusOf(status: string): PaymentStatus {
  return isPaymentStatus(status) ? status : 'pending';
}

export function paymentStatusLabel(status: string): string {
  return PAYMENT_STATUS_LABELS[paymentStatusOf(status)];
}

/** The PIX page's live status line. */
export const PIX_STATUS_TEXTS = {
  pending: 'Aguardando pagamento...',
  processing: 'Processando pagamento...',
  approved: 'Pagamento aprovado!',
  rejected: 'Pagamento rejeitado',
  cancelled: 'Pagamento cancelado',
} as const;

export function pixStatusText(status: string): string {
  if (status === 'completed') return PIX_STATUS_TEXTS.approved;
  return Object.hasOwn(PIX_STATUS_TEXTS, status)
    ? PIX_STATUS_TEXTS[status as keyof typeof PIX_STATUS_TEXTS]
    : PIX_STATUS_TEXTS.pending;
}

/** Polling stops on these (spec 001 §4). */
export const POLL_STOP_STATUSES = ['approved', 'processing', 'rejected', 'cancelled'] as const;

export function stopsPolling(status: string): boolean {
  return (POLL_STOP_STATUSES as readonly string[]).includes(status);
}

/** Where the PIX page goes on a final status: success for approved or processing. */
export function pixOutcome(status: string): 'success' | 'failure' | undefined {
  if (status === 'approved' || status === 'processing' || status === 'completed') return 'success';
  if (status === 'rejected' || status === 'cancelled') return 'failure';
  return undefined;
}
