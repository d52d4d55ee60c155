import type { AdminOrderDetail } from '@lumina/shared/admin/admin-orders';
import type {
  InvoiceJson,
  InvoiceStateJson,
  LabelJson,
  LabelStateJson,
} from '@lumina/shared/fulfilment/fulfilment-json';
import { formatBRL, reaisToCents } from '@lumina/shared/format/money';
import { CORREIOS_TRACKING_URL } from '@lumina/shared/orders/tracking-code';
import type { OrderStatus } from '@lumina/shared/orders/order-status';
import type { BadgeVariant } from '../../../components/ui/badge.tsx';

type Order = Pick<AdminOrderDetail['order'], 'status'>;

/**
 * Where the order's tracking code is followed: its label's carrier page when the code is the
 * label's (another carrier's code means nothing to the Correios), else the Correios page, as
 * for a code typed by hand (the ship form takes Correios codes only).
 */
export function orderTrackingUrl(detail: AdminOrderDetail): string {
  const label = detail.fulfilment?.label;
  const code = detail.order.tracking_code;
  if (code && label?.tracking_code === code && label.tracking_url) return label.tracking_url;
  return CORREIOS_TRACKING_URL;
}

/** A purchase that stopped between claiming the label and Melhor Envio generating it. */
const UNFINISHED_LABEL: readonly LabelStateJson[] = ['claimed', 'carted', 'paid'];

/**
 * 'Gerar etiqueta' for a paid order not yet shipped without a live label, and again when a
 * purchase stopped on an error (the API resumes it where it stopped).
 */
export function canBuyLabel(order: Order, label: LabelJson | null): boolean {
  if (order.status !== 'processing') return false;
  if (!label || label.state === 'canceled') return true;
  return label.last_error !== null && UNFINISHED_LABEL.includes(label.state);
}

/** Orders that were paid (and not given back): the ones an NF-e is issued for. */
const INVOICED_STATUSES: readonly OrderStatus[] = ['processing', 'shipped', 'delivered'];

/**
 * 'Emitir NF-e' for a paid order without one, after SEFAZ rejected it (the data was fixed, try
 * again), or when the request never reached Bling.
 */
export function canIssueInvoice(order: Order, invoice: InvoiceJson | null): boolean {
  if (!INVOICED_STATUSES.includes(order.status)) return false;
  if (!invoice) return true;
  if (invoice.state === 'rejected') return true;
  return invoice.state === 'requesting' && invoice.last_error !== null;
}

/** The 44 digits of an NF-e's access key in blocks of 4, as the DANFE prints them. */
export function groupAccessKey(key: string): string {
  return (key.replace(/\D/g, '').match(/.{1,4}/g) ?? []).join(' ');
}

/** A price in reais from the JSON, as the panel writes money. */
export function reaisText(value: number): string {
  return formatBRL(reaisToCents(value) ?? 0);
}

export const LABEL_BADGE_VARIANTS: Record<LabelStateJson, BadgeVariant> = {
  claimed: 'muted',
  carted: 'muted',
  paid: 'gold',
  generated: 'gold',
  posted: 'ink',
  delivered: 'success',
  canceled: 'muted',
};

export const INVOICE_BADGE_VARIANTS: Record<InvoiceStateJson, BadgeVariant> = {
  requesting: 'muted',
  pending: 'muted',
  processing: 'gold',
  authorised: 'success',
  rejected: 'sale',
  denied: 'sale',
  cancelled: 'muted',
};
