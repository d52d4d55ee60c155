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

/**
 * Melhor Envio's services the shop buys labels for, by their ids there (wp-melhorenvio-v2's
 * Models/ShippingService.php). Only services whose label needs no drop-off agency in the cart:
 * Melhor Envio's API reference ('Inserir fretes no carrinho') makes `agency` mandatory for
 * Latam Cargo, Azul Cargo and Buslog when the integration uses a token pasted from its panel (as
 * this shop may), and its 'Compra de fretes' guide says Azul Cargo cannot be bought through the
 * API at all; the shop picks no agency, so those stay out. Also out, unverified either way:
 * Jadlog .Package Centralizado (27; the plugin sends a 'centralized' agency of its own for it),
 * Via Brasil (8, 9; the plugin always asks an NF-e for it, and the shop may send a content
 * declaration) and Total Express (18, 35).
 */
export const LABEL_SERVICES = {
  1: 'PAC',
  2: 'SEDEX',
  17: 'Mini Envios',
  3: 'Jadlog .Package',
  4: 'Jadlog .Com',
  31: 'Loggi Express',
  33: 'JeT Standard',
} as const;
export type LabelServiceId = keyof typeof LABEL_SERVICES;
export type LabelServiceName = (typeof LABEL_SERVICES)[LabelServiceId];

/** The carrier behind each of LABEL_SERVICES. */
export const LABEL_SERVICE_COMPANIES = {
  1: 'Correios',
  2: 'Correios',
  17: 'Correios',
  3: 'Jadlog',
  4: 'Jadlog',
  31: 'Loggi',
  33: 'JeT',
} as const satisfies Record<LabelServiceId, string>;

export function isLabelServiceId(serviceId: number): serviceId is LabelServiceId {
  return Object.hasOwn(LABEL_SERVICES, serviceId);
}

export interface LabelJson {
  id: number;
  state: LabelStateJson;
  service: LabelServiceName;
  /** Melhor Envio's id of `service`. */
  service_id: number;
  tracking_code: string | null;
  /** Where the parcel is followed: the carrier's page for the code, once there is one. */
  tracking_url: string | null;
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

/** One service the owner may buy the label with (GET /api/admin/orders/{id}/label/options). */
export interface LabelServiceOptionJson {
  service_id: number;
  company: string;
  name: string;
  /** null: Melhor Envio has no price for it now (only the shopper's own service is listed so). */
  price_cents: number | null;
  /** Business days Melhor Envio quotes now; null as price_cents. */
  delivery_days: number | null;
  /** The service the shopper chose at checkout. */
  chosen: boolean;
}

/** The services that keep the deadline the shopper was promised, cheapest first. */
export interface LabelOptionsJson {
  promised_days: number;
  chosen_service_id: number;
  options: LabelServiceOptionJson[];
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
