import {
  formatStoreDay,
  calendarDaysUntil,
  withdrawalDeadline,
} from '@lumina/shared/returns/withdrawal-deadline';
import type { ReturnJson } from '@lumina/shared/returns/return-schemas';
import type { OrderDetail } from '../../../lib/payment/payment-api.ts';

/**
 * What the shopper may ask of an order now, mirroring the API's rule (apps/api returns service):
 * a paid order not yet shipped is cancelled by a withdrawal; a shipped one takes a withdrawal
 * (the seven days start at delivery); a delivered one takes a withdrawal or an exchange until the
 * seventh day after delivery (CDC art. 49).
 */
export type ReturnWindow =
  | { kind: 'cancel' }
  | { kind: 'in_transit' }
  | { kind: 'open'; lastDay: string; daysLeft: number }
  | { kind: 'closed'; lastDay: string }
  | { kind: 'none' };

export function returnWindowOf(
  order: Pick<OrderDetail, 'status' | 'payment_status' | 'delivered_at' | 'updated_at'>,
  now: Date,
): ReturnWindow {
  switch (order.status) {
    case 'processing':
      return order.payment_status === 'approved' ? { kind: 'cancel' } : { kind: 'none' };
    case 'shipped':
      return { kind: 'in_transit' };
    case 'delivered':
    case 'partially_returned': {
      const deadline = withdrawalDeadline(new Date(order.delivered_at ?? order.updated_at));
      const lastDay = formatStoreDay(deadline);
      return now.getTime() > deadline.getTime()
        ? { kind: 'closed', lastDay }
        : { kind: 'open', lastDay, daysLeft: calendarDaysUntil(deadline, now) };
    }
    default:
      return { kind: 'none' };
  }
}

/** What the shopper is asking: one kind, or still choosing between the two (the same day closes both). */
const ASKS = {
  withdrawal: 'Você pode desistir',
  exchange: 'Você pode pedir a troca',
  either: 'Você pode desistir da compra ou pedir troca',
} as const;

/** 'Você pode desistir até 04/12/2026 (faltam 3 dias).' */
export function deadlineText(
  window: { lastDay: string; daysLeft: number },
  asks: keyof typeof ASKS = 'withdrawal',
): string {
  const left =
    window.daysLeft <= 0
      ? 'hoje é o último dia'
      : window.daysLeft === 1
        ? 'falta 1 dia'
        : `faltam ${window.daysLeft} dias`;
  return `${ASKS[asks]} até ${window.lastDay} (${left}).`;
}

/**
 * Units of each order item still free for a new request: those in a request that was not
 * refused are taken (the API counts them the same way).
 */
export function unitsLeft(
  items: readonly Pick<OrderDetail['items'][number], 'id' | 'quantity'>[],
  requests: readonly Pick<ReturnJson, 'order_id' | 'status' | 'items'>[],
  orderId: number,
): Map<number, number> {
  const left = new Map(items.map((item) => [item.id, item.quantity]));
  for (const request of requests) {
    if (request.order_id !== orderId || request.status === 'rejected') continue;
    for (const item of request.items) {
      left.set(item.order_item_id, (left.get(item.order_item_id) ?? 0) - item.quantity);
    }
  }
  return left;
}
