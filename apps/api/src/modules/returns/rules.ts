import { calendarDateOf } from '@lumina/shared/validation/calendar-date';
import { RETURN_ANSWER_DAYS, WITHDRAWAL_DAYS } from '@lumina/shared/returns/return-schemas';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Brasília has kept UTC-3 all year since 2019 (no daylight saving), the store's clock. */
const SAO_PAULO_OFFSET_HOURS = 3;

/**
 * The last instant a withdrawal may be asked: 23:59:59.999 in São Paulo of the seventh day after
 * the day of delivery (CDC art. 49 counts days from receipt, the day of receipt excluded).
 */
export function withdrawalDeadline(deliveredAt: Date): Date {
  const { year, month, day } = calendarDateOf(deliveredAt);
  const nextMidnight = Date.UTC(year, month - 1, day + WITHDRAWAL_DAYS + 1, SAO_PAULO_OFFSET_HOURS);
  return new Date(nextMidnight - 1);
}

/** The day a deadline falls on, as a shopper reads it: 04/12/2026. */
export function formatStoreDay(instant: Date): string {
  const { year, month, day } = calendarDateOf(instant);
  return `${String(day).padStart(2, '0')}/${String(month).padStart(2, '0')}/${year}`;
}

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
