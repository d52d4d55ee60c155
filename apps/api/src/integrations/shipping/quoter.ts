import type { ShippingMethod } from '@lumina/shared/constants/storefront-constants';

/** One package as the carriers measure it: grams and whole centimetres. */
export interface Parcel {
  weightGrams: number;
  lengthCm: number;
  widthCm: number;
  heightCm: number;
}

export interface QuoteRequest {
  /** 8 digits. */
  originCep: string;
  /** 8 digits. */
  destinationCep: string;
  method: ShippingMethod;
  parcel: Parcel;
  /** What the goods are worth (insurance); integer cents. */
  declaredValueCents: number;
}

export interface Quote {
  method: ShippingMethod;
  name: 'PAC' | 'SEDEX';
  costCents: number;
  /** Business days. */
  deliveryDays: number;
}

/** Prices one parcel by PAC or SEDEX: the offline table, the Correios API or Melhor Envio. */
export interface ShippingQuoter {
  /**
   * Throws ShippingUnavailableError when the service does not reach the destination, and
   * CarrierError when the carrier could not answer (down, slow, or an answer we cannot read).
   */
  quote(request: QuoteRequest): Promise<Quote>;
}

/** The destination is not served: the customer sees 'Não foi possível calcular o frete...'. */
export class ShippingUnavailableError extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'ShippingUnavailableError';
  }
}

/**
 * The carrier did not give a usable answer. The message is written by our adapters (status,
 * timeout, shape) and goes to the log: it never carries a URL, a credential or a CEP.
 */
export class CarrierError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'CarrierError';
  }
}
