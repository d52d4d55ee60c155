/**
 * What the fulfilment module needs from the outside services it drives (DESIGN.md: clients of
 * outside services implement an interface the module defines). Melhor Envio implements
 * LabelProvider (src/integrations/melhor-envio/label-provider.ts), Bling InvoiceProvider
 * (src/integrations/bling/invoice-provider.ts). Money is integer cents; parties and parcels are
 * the shop's own shapes, translated to each service's by its adapter.
 */

/** A sender or recipient of a parcel. */
export interface LabelParty {
  name: string;
  /** Digits only: CPF (11) or CNPJ (14). */
  document: string;
  email: string | null;
  /** Digits only, with the area code. */
  phone: string | null;
  address: {
    zipCode: string;
    street: string;
    number: string;
    complement: string | null;
    neighborhood: string;
    city: string;
    state: string;
  };
}

export interface LabelRequest {
  /** The shop's order number, sent as Melhor Envio's tag so a lost answer can be found again. */
  orderNumber: string;
  /** Melhor Envio's service id: 1 PAC, 2 SEDEX, 17 Mini Envios (LABEL_SERVICES). */
  serviceId: number;
  from: LabelParty;
  to: LabelParty;
  products: { name: string; quantity: number; unitaryValueCents: number }[];
  /** One box: the order's items packed together. */
  volume: { heightCm: number; widthCm: number; lengthCm: number; weightGrams: number };
  insuranceValueCents: number;
  /** The NF-e's 44-digit access key; without one the parcel goes with a content declaration. */
  invoiceKey: string | null;
}

/** What a price-and-deadline question for one parcel carries: the label request's box. */
export interface LabelQuoteRequest {
  fromZipCode: string;
  toZipCode: string;
  volume: LabelRequest['volume'];
  insuranceValueCents: number;
}

/** One service Melhor Envio quoted for the parcel (those it cannot quote are left out). */
export interface ProviderServiceQuote {
  serviceId: number;
  /** The carrier and the service as Melhor Envio names them (null when it does not). */
  company: string | null;
  name: string | null;
  /** What the label costs the shop. */
  priceCents: number;
  /** Business days, with the extra days the shop set in Melhor Envio (as the checkout reads). */
  deliveryDays: number;
}

/** Melhor Envio's status of a label (REFERENCE.md), as its tracking answers it. */
export type ProviderLabelStatus =
  'pending' | 'released' | 'generated' | 'posted' | 'delivered' | 'canceled' | 'expired';

export interface ProviderLabelTracking {
  providerOrderId: string;
  status: ProviderLabelStatus;
  /** The carrier's code (Correios' 13 characters), once generated. */
  trackingCode: string | null;
  postedAt: Date | null;
  deliveredAt: Date | null;
  canceledAt: Date | null;
}

/**
 * Why a call to a provider failed. `unavailable`: not reached, too slow, 5xx or 429 (retry
 * later; `answered` false means a write may have happened). `auth`: the token was refused
 * (reconnect). `insufficient_balance`: the wallet cannot pay the label. `refused`: the request
 * itself was refused (an address the carrier does not serve, a missing field); `message` is the
 * provider's own words for the owner. `shape`: an answer the shop cannot read.
 */
export type ProviderFailureKind =
  'unavailable' | 'auth' | 'insufficient_balance' | 'refused' | 'shape';

export class ProviderError extends Error {
  override name = 'ProviderError';
  constructor(
    readonly kind: ProviderFailureKind,
    message: string,
    options: { cause?: unknown; answered?: boolean } = {},
  ) {
    super(message, { cause: options.cause });
    this.answered = options.answered ?? true;
  }
  readonly answered: boolean;
}

/** Melhor Envio's label flow: cart, checkout with the wallet, generate, print, cancel, track. */
export interface LabelProvider {
  /** The wallet's balance, in cents. */
  balanceCents(): Promise<number>;
  /** Every service Melhor Envio prices for this parcel now, whatever the carrier. */
  quote(request: LabelQuoteRequest): Promise<ProviderServiceQuote[]>;
  /** Puts the label in Melhor Envio's cart: its order id and protocol. */
  addToCart(request: LabelRequest): Promise<{ providerOrderId: string; protocol: string | null }>;
  /** A label of the shop's cart (or bought) carrying this tag, for a cart call left unanswered. */
  findByTag(
    orderNumber: string,
  ): Promise<{ providerOrderId: string; protocol: string | null } | null>;
  /** Pays the labels with the wallet; answers the price paid for each. */
  checkout(providerOrderIds: string[]): Promise<{ priceCents: Record<string, number> }>;
  generate(providerOrderIds: string[]): Promise<void>;
  /** The URL of one PDF holding these labels. */
  printUrl(providerOrderIds: string[]): Promise<string>;
  /** Only while not posted; the wallet is credited back by Melhor Envio. */
  cancel(providerOrderId: string, description: string): Promise<void>;
  tracking(providerOrderIds: string[]): Promise<ProviderLabelTracking[]>;
}

/** Bling's NF-e read into the shop's states (fulfilment's INVOICE_STATES). */
export interface ProviderInvoice {
  providerInvoiceId: string;
  state: 'pending' | 'processing' | 'authorised' | 'rejected' | 'denied' | 'cancelled';
  number: string | null;
  series: string | null;
  accessKey: string | null;
  danfeUrl: string | null;
  xmlUrl: string | null;
  /** SEFAZ's or Bling's words for a rejection or denial. */
  reason: string | null;
}

/** Bling's NF-e flow: generate from the sales order, send to SEFAZ, read, cancel. */
export interface InvoiceProvider {
  /** The NF-e Bling generates from its sales order (by Bling's sales order id). */
  generateFromSalesOrder(salesOrderId: string): Promise<{ providerInvoiceId: string }>;
  /** Sends it to SEFAZ; the answer may already be the final state. */
  send(providerInvoiceId: string): Promise<void>;
  get(providerInvoiceId: string): Promise<ProviderInvoice>;
  /**
   * Asks SEFAZ to cancel an authorised NF-e (within the legal 24 hours). Absent where the
   * provider's API has no such call (Bling's: the owner cancels in Bling's own screen).
   */
  cancel?(providerInvoiceId: string, justification: string): Promise<void>;
  /**
   * The NF-e Bling already generated from this sales order, or null when none (Bling's sales
   * order names its `notaFiscal`): how a generate call left unanswered is resolved without
   * generating a second one. Optional: without it the owner is asked to look in Bling.
   */
  findBySalesOrder?(salesOrderId: string): Promise<{ providerInvoiceId: string } | null>;
}
