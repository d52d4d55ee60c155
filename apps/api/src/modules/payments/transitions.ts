import type { OrderStatus } from '@lumina/shared/orders/order-status';
import type { PaymentRowStatus } from '../../db/schema/orders.ts';

/**
 * The one state machine of a payment (issue 5 item 4). Every status change, whoever reports it
 * (webhook, verification, expiry, sandbox, administrator), goes through `canMove`: a status is
 * only ever left forwards, so replayed, duplicated or out-of-order notifications change nothing.
 * Rejected, cancelled (expired included) and refunded are final: an expired charge is never
 * approved later; the shopper needs a new order.
 */
const NEXT: Record<PaymentRowStatus, readonly PaymentRowStatus[]> = {
  pending: ['processing', 'approved', 'rejected', 'cancelled'],
  processing: ['approved', 'rejected', 'cancelled'],
  approved: ['refunded'],
  rejected: [],
  cancelled: [],
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

/** Statuses after which the order's reserved stock goes back to the shelf. */
export function returnsStock(status: PaymentRowStatus): boolean {
  return status === 'rejected' || status === 'cancelled' || status === 'refunded';
}

/** The order status a payment status leads to, given where the order is now. */
export function orderStatusAfter(payment: PaymentRowStatus, order: OrderStatus): OrderStatus {
  if (payment === 'approved') return order === 'pending' ? 'processing' : order;
  // Goods already on their way are not un-shipped by a refund; the shop handles the return.
  if (returnsStock(payment))
    return order === 'shipped' || order === 'delivered' ? order : 'cancelled';
  return order;
}
