import { BLING_TEXTS } from '@lumina/shared/admin/bling';
import { FULFILMENT_MESSAGES } from '@lumina/shared/fulfilment/fulfilment-texts';
import { INVOICE_MESSAGES } from '@lumina/shared/fulfilment/invoice-messages';
import { AppError } from '../../http/app-error.ts';
import type { InvoiceChange, InvoiceRow } from './invoice-repository.ts';
import { type ProviderInvoice, ProviderError } from './ports.ts';

/**
 * A provider failure as the owner reads it, and whether the call may have acted at Bling (an
 * answer lost on its way back, or one the shop could not read).
 */
export function failureOf(error: unknown): { error: AppError; mayHaveActed: boolean } {
  if (error instanceof AppError) return { error, mayHaveActed: false };
  if (error instanceof ProviderError) {
    switch (error.kind) {
      case 'unavailable':
        return {
          error: new AppError('unavailable', FULFILMENT_MESSAGES.blingDown, {
            code: 'bling_unavailable',
            cause: error,
          }),
          mayHaveActed: !error.answered,
        };
      case 'auth':
        return {
          error: new AppError('unavailable', BLING_TEXTS.reconnect, {
            code: 'bling_reconnect',
            cause: error,
          }),
          mayHaveActed: false,
        };
      case 'shape':
        return {
          error: new AppError('unavailable', INVOICE_MESSAGES.blingUnreadable, {
            code: 'bling_unreadable',
            cause: error,
          }),
          mayHaveActed: true,
        };
      case 'refused':
      case 'insufficient_balance':
        return {
          error: new AppError('conflict', FULFILMENT_MESSAGES.blingRefused(error.message), {
            code: 'bling_refused',
            cause: error,
          }),
          mayHaveActed: false,
        };
    }
  }
  return {
    error: new AppError('unavailable', FULFILMENT_MESSAGES.blingDown, {
      code: 'bling_unavailable',
      cause: error,
    }),
    mayHaveActed: true,
  };
}

/** What the row takes from Bling's reading of its NF-e; known values are never blanked. */
export function changeFor(row: InvoiceRow, read: ProviderInvoice, at: Date): InvoiceChange {
  const reason = read.reason ?? row.reason;
  const because = reason ?? 'motivo não informado';
  const lastError =
    read.state === 'rejected'
      ? FULFILMENT_MESSAGES.blingRefused(because)
      : read.state === 'denied'
        ? INVOICE_MESSAGES.denied(because)
        : null;
  return {
    state: read.state,
    number: read.number ?? row.number,
    series: read.series ?? row.series,
    accessKey: read.accessKey ?? row.accessKey,
    danfeUrl: read.danfeUrl ?? row.danfeUrl,
    xmlUrl: read.xmlUrl ?? row.xmlUrl,
    reason: read.state === 'rejected' || read.state === 'denied' ? reason : read.reason,
    lastError,
    lastErrorAt: lastError ? at : null,
    // When the shop first saw it authorised: Bling's reading carries no moment of its own.
    authorisedAt: read.state === 'authorised' ? (row.authorisedAt ?? at) : row.authorisedAt,
    cancelledAt: read.state === 'cancelled' ? (row.cancelledAt ?? at) : row.cancelledAt,
    updatedAt: at,
  };
}

export function sameReading(row: InvoiceRow, read: ProviderInvoice): boolean {
  return (
    row.state === read.state &&
    row.number === (read.number ?? row.number) &&
    row.accessKey === (read.accessKey ?? row.accessKey) &&
    row.danfeUrl === (read.danfeUrl ?? row.danfeUrl) &&
    row.reason === (read.reason ?? row.reason)
  );
}
