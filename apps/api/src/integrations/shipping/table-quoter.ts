import { SHIPPING_METHOD_NAMES } from '@lumina/shared/shipping/shipping-texts';
import type { ShippingMethod } from '@lumina/shared/constants/storefront-constants';
import { cepToState, type Zone, zoneBetween } from './cep-regions.ts';
import { billableWeightGrams } from './parcel.ts';
import { type Quote, type ShippingQuoter, ShippingUnavailableError } from './quoter.ts';

/** The Correios limit per object; heavier parcels pay the last band plus each started kg. */
const LAST_BAND_GRAMS = 30_000;
/** Upper bounds (inclusive, grams) of the weight bands. */
export const WEIGHT_BANDS_GRAMS = [300, 500, 1_000, 2_000, 5_000, 10_000, LAST_BAND_GRAMS] as const;

type ZoneRow = readonly [state: number, region: number, neighbour: number, far: number];

interface ServiceTable {
  /** Cents by weight band (rows) and zone (columns). */
  prices: readonly ZoneRow[];
  /** Cents per started kilogram above the last band, by zone. */
  perExtraKg: ZoneRow;
  /** Business days by zone. */
  days: ZoneRow;
}

/**
 * Our own estimate of 2026 contract prices and deadlines, by distance from the store. PAC is
 * cheaper and slower than SEDEX in every cell (a test holds that). Used when no carrier API is
 * configured, and whenever the configured one fails.
 */
export const PRICE_TABLE: Record<ShippingMethod, ServiceTable> = {
  pac: {
    prices: [
      [1990, 2490, 3190, 3890],
      [2190, 2790, 3590, 4390],
      [2490, 3290, 4290, 5290],
      [2990, 3990, 5390, 6790],
      [3990, 5490, 7690, 9890],
      [5690, 7990, 11490, 14990],
      [9990, 14990, 21990, 28990],
    ],
    perExtraKg: [290, 420, 590, 790],
    days: [4, 6, 8, 10],
  },
  sedex: {
    prices: [
      [2390, 3490, 4690, 6190],
      [2690, 3990, 5390, 7190],
      [3190, 4790, 6590, 8990],
      [3990, 6290, 8790, 11990],
      [5790, 9290, 13490, 18490],
      [8990, 14490, 21490, 29490],
      [17990, 29990, 44990, 61990],
    ],
    perExtraKg: [590, 990, 1490, 1990],
    days: [1, 2, 3, 4],
  },
};

const ZONE_COLUMN: Record<Zone, 0 | 1 | 2 | 3> = { state: 0, region: 1, neighbour: 2, far: 3 };

/** Price of `grams` in one zone: its band, or past 30 kg the last band plus each started kg. */
function priceCents(table: ServiceTable, zone: Zone, grams: number): number {
  const column = ZONE_COLUMN[zone];
  const band = WEIGHT_BANDS_GRAMS.findIndex((limit) => grams <= limit);
  if (band !== -1) return table.prices[band]![column];
  const extraKg = Math.ceil((grams - LAST_BAND_GRAMS) / 1000);
  return table.prices[WEIGHT_BANDS_GRAMS.length - 1]![column] + extraKg * table.perExtraKg[column];
}

/**
 * The offline quoter: CEP -> state by the Correios ranges, states -> zone, billable weight
 * (real or cubic) -> band. The origin is the store's own CEP, which loadConfig has already
 * placed in a state, so an unknown one here is a plain error.
 */
export function createTableQuoter(): ShippingQuoter {
  return {
    quote({ originCep, destinationCep, method, parcel }): Promise<Quote> {
      const origin = cepToState(originCep);
      if (!origin) {
        return Promise.reject(new Error(`Shipping origin CEP ${originCep} is in no state's range`));
      }
      const destination = cepToState(destinationCep);
      if (!destination) {
        return Promise.reject(new ShippingUnavailableError('destination CEP in no known range'));
      }
      const zone = zoneBetween(origin, destination);
      const table = PRICE_TABLE[method];
      return Promise.resolve({
        method,
        name: SHIPPING_METHOD_NAMES[method],
        costCents: priceCents(table, zone, billableWeightGrams(parcel)),
        deliveryDays: table.days[ZONE_COLUMN[zone]],
      });
    },
  };
}
