import type { ProviderLabelStatus } from '../../modules/fulfilment/ports.ts';
import { decimalTextToCents } from '../shipping/decimal-cents.ts';

/**
 * Readers of Melhor Envio's wire formats shared by the label provider, the OAuth client and the
 * webhook: money, dates, label statuses and the text of an error answer.
 */

/** Reais as Melhor Envio writes them (26.35 or "26.35") -> integer cents, digit by digit. */
export function reaisToCents(value: unknown): number | undefined {
  if (typeof value === 'number') {
    if (!Number.isFinite(value) || value < 0) return undefined;
    // A number prints as its shortest decimal text (41.7, 26.35), which reads back exactly.
    return decimalTextToCents(String(value), '.');
  }
  if (typeof value === 'string') return decimalTextToCents(value, '.');
  return undefined;
}

/** Integer cents -> reais as a JSON number (19990 -> 199.9). */
export function centsToReais(cents: number): number {
  return cents / 100;
}

// Laravel's "2026-03-02 14:05:09", in Brasília time (no daylight saving since 2019).
const LOCAL_DATE_TIME = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}:\d{2})(?:\.\d+)?$/;

/** A date of Melhor Envio's answers: ISO with a zone, or its local "YYYY-MM-DD HH:MM:SS". */
export function parseMelhorEnvioDate(value: unknown): Date | null {
  if (typeof value !== 'string' || value.trim() === '') return null;
  const local = LOCAL_DATE_TIME.exec(value.trim());
  const date = local ? new Date(`${local[1]}T${local[2]}-03:00`) : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** A date as Melhor Envio writes it: local Brasília time, seconds precision. */
export function formatMelhorEnvioDate(date: Date): string {
  const brasilia = new Date(date.getTime() - 3 * 60 * 60 * 1000);
  return brasilia.toISOString().slice(0, 19).replace('T', ' ');
}

const STATUSES: Record<string, ProviderLabelStatus> = {
  pending: 'pending',
  released: 'released',
  // A purchase (and some listings) says "paid" where a label says "released".
  paid: 'released',
  generated: 'generated',
  posted: 'posted',
  // Received at the carrier's counter: posted, as far as the shop is concerned.
  received: 'posted',
  delivered: 'delivered',
  canceled: 'canceled',
  cancelled: 'canceled',
  expired: 'expired',
};

/** Melhor Envio's status of a label, or null for one the shop does not know. */
export function readLabelStatus(value: unknown): ProviderLabelStatus | null {
  return typeof value === 'string' ? (STATUSES[value.trim().toLowerCase()] ?? null) : null;
}

function texts(value: unknown): string[] {
  if (typeof value === 'string') return value.trim() ? [value.trim()] : [];
  if (Array.isArray(value)) return value.flatMap(texts);
  if (value && typeof value === 'object') return Object.values(value).flatMap(texts);
  return [];
}

/**
 * The owner-readable words of an error answer. Melhor Envio answers Laravel's
 * {message, errors: {field: [text]}} for invalid data, {error: text} for a refused purchase or
 * label, {message} otherwise, and OAuth's {error: code, error_description}; the most specific
 * field that has text wins.
 */
export function errorText(body: unknown): string | null {
  if (typeof body === 'string') return body.trim() || null;
  if (!body || typeof body !== 'object') return null;
  const record = body as Record<string, unknown>;
  for (const field of ['errors', 'error_description', 'error', 'message']) {
    const found = texts(record[field]);
    if (found.length > 0) return [...new Set(found)].join(' ');
  }
  return null;
}

/**
 * Whether an error answer is about the wallet not covering the labels. How Melhor Envio words
 * it could not be confirmed from its documentation, so any mention of the balance counts.
 */
export function mentionsInsufficientBalance(status: number, body: unknown): boolean {
  if (status === 402) return true;
  const text = errorText(body) ?? '';
  return /saldo|insufficient|insuficiente|balance/i.test(text);
}
