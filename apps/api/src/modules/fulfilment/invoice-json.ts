import type { InvoiceJson, ShopperInvoiceJson } from '@lumina/shared/fulfilment/fulfilment-json';
import type { OrderStatus } from '@lumina/shared/orders/order-status';
import type { InvoiceRow } from './invoice-repository.ts';

/** SEFAZ takes the cancellation of an authorised NF-e for 24 hours (Ajuste SINIEF 07/05). */
export const INVOICE_CANCEL_WINDOW_MS = 24 * 60 * 60_000;

/** What the row alone does not tell: the moment, and whether the sale was undone since. */
export interface InvoiceFacts {
  now: Date;
  /** The whole order was refunded, withdrawn or cancelled after it was paid (orderUndone). */
  orderUndone: boolean;
  /** The provider's API cancels an NF-e (Bling's does not: the owner cancels in Bling). */
  providerCancels: boolean;
}

/**
 * Whether the sale an NF-e stands for is over: the order was cancelled after payment (its money
 * back, by the provider or by hand), refunded in full, or returned in full under a withdrawal; or
 * the refunds completed (payments' rows) reach what was paid.
 */
export function orderUndone(
  order: { status: OrderStatus; totalCents: number },
  refundedCents: number,
): boolean {
  if (order.status === 'cancelled' || order.status === 'refunded' || order.status === 'returned') {
    return true;
  }
  return order.totalCents > 0 && refundedCents >= order.totalCents;
}

/** Authorised less than 24 hours ago: SEFAZ still takes its cancellation. */
export function canCancel(row: InvoiceRow, now: Date): boolean {
  return (
    row.state === 'authorised' &&
    row.authorisedAt !== null &&
    now.getTime() - row.authorisedAt.getTime() < INVOICE_CANCEL_WINDOW_MS
  );
}

/** The contract's Invoice (fulfilment-json.ts) of one NF-e row. */
export function invoiceJson(row: InvoiceRow, facts: InvoiceFacts): InvoiceJson {
  return {
    id: row.id,
    state: row.state,
    number: row.number,
    series: row.series,
    access_key: row.accessKey,
    danfe_url: row.danfeUrl,
    xml_url: row.xmlUrl,
    reason: row.reason,
    last_error: row.lastError,
    needs_cancellation: row.state === 'authorised' && facts.orderUndone,
    can_cancel: facts.providerCancels && canCancel(row, facts.now),
  };
}

/** What the shopper sees of an NF-e: its number and DANFE, once authorised; else nothing. */
export function shopperInvoiceJson(row: InvoiceRow | undefined): ShopperInvoiceJson | null {
  if (!row || row.state !== 'authorised' || !row.danfeUrl) return null;
  return { number: row.number, danfe_url: row.danfeUrl };
}
