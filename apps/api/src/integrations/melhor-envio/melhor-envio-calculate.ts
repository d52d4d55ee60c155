import { z } from 'zod';
import type { LabelQuoteRequest, ProviderServiceQuote } from '../../modules/fulfilment/ports.ts';
import { centsToReais, reaisToCents } from './melhor-envio-wire.ts';

/**
 * Melhor Envio's calculator as the label side asks it (POST /shipment/calculate): the label's
 * own box, for every service (no `services` filter: its docs quote them all then), and the
 * answer read into the port's quotes.
 */
export function melhorEnvioCalculateBody(request: LabelQuoteRequest) {
  const { volume } = request;
  return {
    from: { postal_code: request.fromZipCode },
    to: { postal_code: request.toZipCode },
    products: [
      {
        id: 'parcel',
        width: volume.widthCm,
        height: volume.heightCm,
        length: volume.lengthCm,
        weight: volume.weightGrams / 1000,
        insurance_value: centsToReais(request.insuranceValueCents),
        quantity: 1,
      },
    ],
  };
}

const days = z.coerce.number().int().positive().optional().catch(undefined);
const optionalText = z.string().trim().min(1).optional().catch(undefined);

const entrySchema = z.looseObject({
  id: z.coerce.number().int().positive(),
  name: optionalText,
  company: z.looseObject({ name: optionalText }).optional().catch(undefined),
  price: z.unknown().optional(),
  delivery_time: days,
  custom_delivery_time: days,
  error: z.unknown().optional(),
});

/** The entry's quote, or null for a service Melhor Envio cannot offer (its `error`). */
function quoteOf(raw: unknown): ProviderServiceQuote | null {
  const parsed = entrySchema.safeParse(raw);
  if (!parsed.success) return null;
  const entry = parsed.data;
  if (entry.error !== undefined && entry.error !== null && entry.error !== '') return null;
  // `price` is what the label costs the shop; `custom_price` adds the markups the shop set in
  // Melhor Envio's panel for its own checkout, so it is not what the wallet pays.
  const priceCents = reaisToCents(entry.price);
  // The deadline with the shop's extra days, as the checkout's quoter read it when the shopper
  // was promised one: the two compare like with like.
  const deliveryDays = entry.custom_delivery_time ?? entry.delivery_time;
  if (priceCents === undefined || deliveryDays === undefined) return null;
  return {
    serviceId: entry.id,
    company: entry.company?.name ?? null,
    name: entry.name ?? null,
    priceCents,
    deliveryDays,
  };
}

export const calculateAnswer = z.array(z.unknown());

export function readCalculateEntries(entries: unknown[]): ProviderServiceQuote[] {
  return entries.map(quoteOf).filter((quote) => quote !== null);
}
