import type { ShippingMethod } from '@lumina/shared/constants/storefront-constants';
import { SHIPPING_METHOD_NAMES } from '@lumina/shared/shipping/shipping-texts';
import { z } from 'zod';
import { CARRIER_TIMEOUT_MS, fetchCarrierJson } from '../shipping/carrier-http.ts';
import { decimalTextToCents } from '../shipping/decimal-cents.ts';
import {
  CarrierError,
  type QuoteRequest,
  type ShippingQuoter,
  ShippingUnavailableError,
} from '../shipping/quoter.ts';

/** Melhor Envio's ids of the Correios services (REFERENCE.md, Shipping). */
export const MELHOR_ENVIO_SERVICE_IDS = { pac: 1, sedex: 2 } as const satisfies Record<
  ShippingMethod,
  number
>;

export interface MelhorEnvioConfig {
  /** No trailing slash: https://www.melhorenvio.com.br or https://sandbox.melhorenvio.com.br */
  baseUrl: string;
  token: string;
  /** Melhor Envio asks every app to name itself and a contact in the User-Agent. */
  contactEmail: string;
}

// An unreadable price or deadline becomes undefined rather than hiding the entry's `error`.
const money = z.union([z.string(), z.number()]).transform(String).optional().catch(undefined);
const days = z.coerce.number().int().positive().optional().catch(undefined);

const entrySchema = z.object({
  id: z.number(),
  price: money,
  custom_price: money,
  delivery_time: days,
  custom_delivery_time: days,
  error: z.string().optional(),
});
const answerSchema = z.array(z.unknown());

/**
 * Melhor Envio's calculator for the Correios services. The custom price and deadline (with the
 * store's markups and extra days set in the Melhor Envio panel) win over the plain ones. An
 * entry with an `error` means the service does not reach the destination.
 */
export function createMelhorEnvioQuoter(
  config: MelhorEnvioConfig,
  options: { timeoutMs?: number } = {},
): ShippingQuoter {
  const timeoutMs = options.timeoutMs ?? CARRIER_TIMEOUT_MS;

  return {
    async quote(request: QuoteRequest) {
      const { originCep, destinationCep, method, parcel, declaredValueCents } = request;
      const body = await fetchCarrierJson(
        new URL(`${config.baseUrl}/api/v2/me/shipment/calculate`),
        {
          method: 'POST',
          headers: {
            accept: 'application/json',
            'content-type': 'application/json',
            authorization: `Bearer ${config.token}`,
            'user-agent': `Lumina Piercings (${config.contactEmail})`,
          },
          body: JSON.stringify({
            from: { postal_code: originCep },
            to: { postal_code: destinationCep },
            products: [
              {
                id: 'parcel',
                width: parcel.widthCm,
                height: parcel.heightCm,
                length: parcel.lengthCm,
                weight: parcel.weightGrams / 1000,
                insurance_value: declaredValueCents / 100,
                quantity: 1,
              },
            ],
            services: Object.values(MELHOR_ENVIO_SERVICE_IDS).join(','),
          }),
          timeoutMs,
        },
      );

      const answer = answerSchema.safeParse(body);
      if (!answer.success) throw new CarrierError('answer is not a list of services');
      const wanted = MELHOR_ENVIO_SERVICE_IDS[method];
      // Entries of other services are not this quote's business, even when unreadable.
      const entry = answer.data
        .map((raw) => entrySchema.safeParse(raw).data)
        .find((candidate) => candidate?.id === wanted);
      if (!entry) throw new CarrierError(`answer without service ${wanted}`);
      if (entry.error) throw new ShippingUnavailableError('service does not reach the CEP');

      const priceText = entry.custom_price ?? entry.price;
      const costCents = priceText === undefined ? undefined : decimalTextToCents(priceText, '.');
      const deliveryDays = entry.custom_delivery_time ?? entry.delivery_time;
      if (costCents === undefined || deliveryDays === undefined) {
        throw new CarrierError(`service ${wanted} without a readable price or deadline`);
      }
      return { method, name: SHIPPING_METHOD_NAMES[method], costCents, deliveryDays };
    },
  };
}
