import type { PaymentRowStatus } from '../../db/schema/orders.ts';

/**
 * The one state machine of a payment row. Every status change, whoever reports
 * it (webhook, verification, expiry, sandbox, administrator), goes through `canMove`: a status is
 * only ever left forwards, so replayed, duplicated or out-of-order notifications change nothing.
 * Rejected and refunded are final. A cancelled (expired) charge is never paid through the store,
 * but the provider may still report it approved (the money arrived as it was being cancelled):
 * that late approval is recorded, and the order flags it for the shop instead of dropping it.
 * What a payment status does to the order is the orders module's lifecycle (orders/lifecycle.ts).
 */
const NEXT: Record<PaymentRowStatus, readonly PaymentRowStatus[]> = {
  pending: ['processing', 'approved', 'rejected', 'cancelled'],
  processing: ['approved', 'rejected', 'cancelled'],
  approved: ['refunded'],
  rejected: [],
  cancelled: ['approved'],
  refunded: [],
};

export function canMove(from: PaymentRowStatus, to: PaymentRowStatus): boolean {
  return NEXT[from].includes(to);
}

/** Payments that may still be paid or are being paid. */
export const OPEN_PAYMENT_STATUSES = ['pending', 'processing'] as const;

export function isOpen(status: PaymentRowStatus): boolean {
  return status === 'pending' || status === 'processing';
}
