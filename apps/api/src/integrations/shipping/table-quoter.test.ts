import { describe, expect, it } from 'vitest';
import { ZONES } from './cep-regions.ts';
import type { Parcel, QuoteRequest } from './quoter.ts';
import { ShippingUnavailableError } from './quoter.ts';
import { createTableQuoter, PRICE_TABLE, WEIGHT_BANDS_GRAMS } from './table-quoter.ts';

const quoter = createTableQuoter();
const SAO_PAULO = '01310100';
const minimumBox: Parcel = { weightGrams: 10, lengthCm: 16, widthCm: 11, heightCm: 2 };

function request(overrides: Partial<QuoteRequest> = {}): QuoteRequest {
  return {
    originCep: SAO_PAULO,
    destinationCep: '13010050',
    method: 'pac',
    parcel: minimumBox,
    declaredValueCents: 4990,
    ...overrides,
  };
}

function heavy(weightGrams: number): Parcel {
  return { ...minimumBox, weightGrams };
}

describe('offline table quoter', () => {
  it('prices a small box inside the state (São Paulo -> Campinas)', async () => {
    await expect(quoter.quote(request())).resolves.toEqual({
      method: 'pac',
      name: 'PAC',
      costCents: 1990,
      deliveryDays: 4,
    });
    await expect(quoter.quote(request({ method: 'sedex' }))).resolves.toEqual({
      method: 'sedex',
      name: 'SEDEX',
      costCents: 2390,
      deliveryDays: 1,
    });
  });

  it('charges more and takes longer the farther the CEP', async () => {
    const destinations = ['13010050', '20040020', '80010000', '69005040'];
    for (const method of ['pac', 'sedex'] as const) {
      const quotes = await Promise.all(
        destinations.map((destinationCep) => quoter.quote(request({ destinationCep, method }))),
      );
      const costs = quotes.map((quote) => quote.costCents);
      const days = quotes.map((quote) => quote.deliveryDays);
      expect(costs).toEqual([...costs].sort((a, b) => a - b));
      expect(new Set(costs).size).toBe(4);
      expect(days).toEqual([...days].sort((a, b) => a - b));
    }
  });

  it('prices a far state (São Paulo -> Manaus)', async () => {
    await expect(quoter.quote(request({ destinationCep: '69005040' }))).resolves.toMatchObject({
      costCents: 3890,
      deliveryDays: 10,
    });
    await expect(
      quoter.quote(request({ destinationCep: '69005040', method: 'sedex' })),
    ).resolves.toMatchObject({ costCents: 6190, deliveryDays: 4 });
  });

  it.each([
    [300, 1990],
    [301, 2190],
    [500, 2190],
    [1_000, 2490],
    [1_001, 2990],
    [5_000, 3990],
    [10_000, 5690],
    [30_000, 9990],
    [30_001, 9990 + 290],
    [32_500, 9990 + 3 * 290],
  ])('a %i g parcel inside the state costs %i cents by PAC', async (grams, cents) => {
    await expect(quoter.quote(request({ parcel: heavy(grams) }))).resolves.toMatchObject({
      costCents: cents,
    });
  });

  it('charges the cubic weight of a light but large box', async () => {
    // 30 x 20 x 10 cm = 1 kg cubic, though the jewellery inside weighs 40 g.
    const large: Parcel = { weightGrams: 40, lengthCm: 30, widthCm: 20, heightCm: 10 };
    const taller: Parcel = { ...large, heightCm: 11 };
    await expect(quoter.quote(request({ parcel: large }))).resolves.toMatchObject({
      costCents: 2490,
    });
    await expect(quoter.quote(request({ parcel: taller }))).resolves.toMatchObject({
      costCents: 2990,
    });
  });

  it('makes PAC cheaper and slower than SEDEX in every zone and band', () => {
    for (const [band] of WEIGHT_BANDS_GRAMS.entries()) {
      for (const [column, zone] of ZONES.entries()) {
        const pac = PRICE_TABLE.pac.prices[band]![column]!;
        const sedex = PRICE_TABLE.sedex.prices[band]![column]!;
        expect(pac, `${zone} band ${band}`).toBeLessThan(sedex);
      }
    }
    for (const column of ZONES.keys()) {
      expect(PRICE_TABLE.pac.days[column]).toBeGreaterThan(PRICE_TABLE.sedex.days[column]!);
      expect(PRICE_TABLE.pac.perExtraKg[column]).toBeLessThan(
        PRICE_TABLE.sedex.perExtraKg[column]!,
      );
    }
  });

  it('prices never fall as the weight grows', () => {
    for (const method of ['pac', 'sedex'] as const) {
      const rows = PRICE_TABLE[method].prices;
      for (let band = 1; band < rows.length; band += 1) {
        for (const column of ZONES.keys()) {
          expect(rows[band]![column]).toBeGreaterThan(rows[band - 1]![column]!);
        }
      }
    }
  });

  it.each(['00999999', '78950000'])('cannot price %s, a CEP in no state range', async (cep) => {
    await expect(quoter.quote(request({ destinationCep: cep }))).rejects.toThrow(
      ShippingUnavailableError,
    );
  });

  it('counts zones from the configured origin', async () => {
    const fromPortoAlegre = request({ originCep: '90010000', destinationCep: '88010000' });
    await expect(quoter.quote(fromPortoAlegre)).resolves.toMatchObject({ costCents: 2490 });
  });
});
