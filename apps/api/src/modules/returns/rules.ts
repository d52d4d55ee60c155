import { calendarDateOf } from '@lumina/shared/validation/calendar-date';
import { RETURN_ANSWER_DAYS } from '@lumina/shared/returns/return-schemas';

const DAY_MS = 24 * 60 * 60 * 1000;

// One rule for the API and the shopper's page (which says the same last day the API enforces).
export { formatStoreDay, withdrawalDeadline } from '@lumina/shared/returns/withdrawal-deadline';

/** The shop answers (instructions or a refusal) within five days of the request. */
export function answerDeadline(createdAt: Date): Date {
  return new Date(createdAt.getTime() + RETURN_ANSWER_DAYS * DAY_MS);
}

/** Whole days left to answer, rounded up: 5 just after the request, 0 or less once late. */
export function daysLeft(answerBy: Date, now: Date): number {
  return Math.ceil((answerBy.getTime() - now.getTime()) / DAY_MS) || 0;
}

/**
 * What a withdrawal gives back by default: the returned units at what the shopper paid for them,
 * each unit its share of its item's total (the item's price less the promotion and coupon
 * discounts it got), plus the freight when the whole order comes back (CDC art. 49: every
 * amount paid). A cent a share cannot split stays with the last units back.
 */
export function defaultRefundCents(input: {
  /** Units returned now of each item, with the item's total and quantity as ordered. */
  returned: { itemTotalCents: number; itemQuantity: number; quantity: number }[];
  shippingCents: number;
  /** With this request, every unit of the order has come back. */
  wholeOrder: boolean;
}): number {
  const items = input.returned.reduce(
    (sum, line) =>
      sum +
      (line.itemQuantity > 0
        ? Math.floor((line.itemTotalCents * line.quantity) / line.itemQuantity)
        : 0),
    0,
  );
  return items + (input.wholeOrder ? input.shippingCents : 0);
}

/** DEV-2026-000123: the year the request was made (São Paulo) and its sequence number. */
export function protocolOf(createdAt: Date, sequence: number): string {
  return `DEV-${calendarDateOf(createdAt).year}-${String(sequence).padStart(6, '0')}`;
}
