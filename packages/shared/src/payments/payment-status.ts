/** Payment statuses (spec 001 §4); 'completed' is the order status the pages also accept. */
export const PAYMENT_STATUSES = [
  'pending',
  'processing',
  'approved',
  'completed',
  'rejected',
  'cancelled',
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  pending: 'Pendente',
  processing: 'Processando',
  approved: 'Aprovado',
  completed: 'Concluído',
  rejected: 'Rejeitado',
  cancelled: 'Cancelado',
};

export function isPaymentStatus(value: string): value is PaymentStatus {
  return (PAYMENT_STATUSES as readonly string[]).includes(value);
}

/** Unknown statuses read as pending, as the order list's badge does. */
export function paymentStatusLabel(status: string): string {
  return isPaymentStatus(status) ? PAYMENT_STATUS_LABELS[status] : PAYMENT_STATUS_LABELS.pending;
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
