/**
 * The JSON the API answers about an order's label, NF-e and parcel (snake_case like the spec;
 * money in reais, dates as ISO text). One source for the API that writes it and the panel and
 * the shopper's pages that read it.
 */

export const LABEL_STATES = [
  'claimed',
  'carted',
  'paid',
  'generated',
  'posted',
  'delivered',
  'canceled',
] as const;
export type LabelStateJson = (typeof LABEL_STATES)[number];

export const INVOICE_STATES = [
  'requesting',
  'pending',
  'processing',
  'authorised',
  'rejected',
  'denied',
  'cancelled',
] as const;
export type InvoiceStateJson = (typeof INVOICE_STATES)[number];

/** Melhor Envio's services the shop buys labels for, by their ids there. */
export const LABEL_SERVICES = { 1: 'PAC', 2: 'SEDEX', 17: 'Mini Envios' } as const;
export type LabelServiceName = (typeof LABEL_SERVICES)[keyof typeof LABEL_SERVICES];

export interface LabelJson {
  id: number;
  state: LabelStateJson;
  service: LabelServiceName;
  tracking_code: string | null;
  price: number | null;
  last_error: string | null;
  can_cancel: boolean;
  can_print: boolean;
  created_at: string;
  posted_at: string | null;
  delivered_at: string | null;
}

export interface InvoiceJson {
  id: number;
  state: InvoiceStateJson;
  number: string | null;
  series: string | null;
  access_key: string | null;
  danfe_url: string | null;
  xml_url: string | null;
  reason: string | null;
  last_error: string | null;
  /** The whole order was refunded or withdrawn while this NF-e stands authorised. */
  needs_cancellation: boolean;
  /** Authorised less than 24 hours ago: SEFAZ still takes a cancellation. */
  can_cancel: boolean;
}

export interface TrackingEventJson {
  status: string;
  description: string;
  occurred_at: string;
}

/** `fulfilment` in the admin's order JSON. */
export interface OrderFulfilmentJson {
  label: LabelJson | null;
  invoice: InvoiceJson | null;
  tracking_events: TrackingEventJson[];
}

/** The shopper's view: the DANFE once authorised, and where the parcel is. */
export interface ShopperInvoiceJson {
  number: string | null;
  danfe_url: string;
}

/** GET /api/admin/fulfilment */
export interface FulfilmentStatusJson {
  melhor_envio: {
    /** The shop can connect (an app's client id) or has a pasted token. */
    configured: boolean;
    connected: boolean;
    via: 'oauth' | 'token' | null;
    balance: number | null;
    balance_error: string | null;
  };
  invoices: { available: boolean; auto_invoice: boolean };
}

export interface BulkLabelResultJson {
  order_id: number;
  label?: LabelJson;
  error?: string;
}

export const PACKING_SLIP_LAYOUTS = ['a4', 'thermal'] as const;
export type PackingSlipLayout = (typeof PACKING_SLIP_LAYOUTS)[number];

/** At most this many orders in one bulk label purchase or one print. */
export const MAX_LABELS_AT_ONCE = 50;
