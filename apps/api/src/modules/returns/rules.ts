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
 * What a withdrawal gives back by default: the returned units at what the shopper paid for them
 * (their line totals), with any discount the order applied to its items spread pro rata over
 * them, plus the freight when the whole order comes back (CDC art. 49: every amount paid).
 */
export function defaultRefundCents(input: {
  /** Units returned now, at their unit price. */
  returned: { unitPriceCents: number; quantity: number }[];
  /** Sum of every line total of the order, before any order discount. */
  itemsTotalCents: number;
  /** What the order charged for its items (after its discounts). */
  subtotalCents: number;
  shippingCents: number;
  /** With this request, every unit of the order has come back. */
  wholeOrder: boolean;
}): number {
  const lines = input.returned.reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0);
  const items =
    input.itemsTotalCents > 0
      ? Math.floor((lines * input.subtotalCents) / input.itemsTotalCents)
      : lines;
  return items + (input.wholeOrder ? input.shippingCents : 0);
}

/** DEV-2026-000123: the year the request was made (São Paulo) and its sequence number. */
export function protocolOf(createdAt: Date, sequence: number): string {
  return `DEV-${calendarDateOf(createdAt).year}-${String(sequence).padStart(6, '0')}`;
}
