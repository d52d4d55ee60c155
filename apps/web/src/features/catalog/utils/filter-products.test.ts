import { describe, expect, it } from 'vitest';
import { createProduct, createVariant } from '../testing/create-product.ts';
import {
  EMPTY_FILTERS,
  distinctOptions,
  filterProducts,
  sortProducts,
  type CatalogFilters,
} from './filter-products.ts';

const range = (min: number, max: number) => ({ minCents: min * 100, maxCents: max * 100 });

const hoop = createProduct({
  id: 1,
  name: 'Argola Lisa',
  category: 'orelha',
  subcategory: 'Argolas',
  price_cents: 5000,
  sizes: ['8mm', '10mm'],
  measures: ['1,2mm'],
});
const stud = createProduct({
  id: 2,
  name: 'Brinco Ponto de Luz',
  category: 'orelha',
  subcategory: 'Tragus',
  price_cents: 12000,
  pix_price_cents: 9900,
  sizes: ['6mm'],
  measures: ['1,0mm'],
});
const labret = createProduct({
  id: 3,
  name: 'Labret Titânio',
  category: 'boca',
  subcategory: 'Labret',
  price_cents: 25000,
  sizes: ['8mm'],
  measures: ['1,2mm'],
});
const noSub = createProduct({ id: 4, name: 'Avulso', subcategory: null, price_cents: 100_00 });
const all = [hoop, stud, labret, noSub];

const ids = (filters: Partial<CatalogFilters>) =>
  filterProducts(all, { ...EMPTY_FILTERS, ...filters }).map((p) => p.id);

describe('filterProducts', () => {
  it('keeps everything without filters', () => {
    expect(ids({})).toEqual([1, 2, 3, 4]);
  });

  it('compares the category case-insensitively', () => {
    expect(ids({ category: 'ORELHA' })).toEqual([1, 2, 4]);
    expect(ids({ category: 'Boca' })).toEqual([3]);
  });

  it('ORs subcategories and drops products without one', () => {
    expect(ids({ subcategories: ['Argolas', 'Labret'] })).toEqual([1, 3]);
  });

  it('includes both ends of a price range and compares the PIX price when present', () => {
    // 50,00 is the top of 0-50 and the bottom of 50-100; the stud shows 99,00 (PIX), not 120,00.
    expect(ids({ priceRanges: [range(0, 50)] })).toEqual([1]);
    expect(ids({ priceRanges: [range(50, 100)] })).toEqual([1, 2, 4]);
    expect(ids({ priceRanges: [range(100, 150)] })).toEqual([4]);
    expect(ids({ priceRanges: [range(200, 999999)] })).toEqual([3]);
  });

  it('ORs price ranges', () => {
    expect(ids({ priceRanges: [range(0, 50), range(200, 999999)] })).toEqual([1, 3]);
  });

  it('matches a size or a measure when any of the product values is chosen', () => {
    expect(ids({ sizes: ['6mm', '10mm'] })).toEqual([1, 2]);
    expect(ids({ measures: ['1,2mm'] })).toEqual([1, 3]);
  });

  it('ANDs different kinds', () => {
    expect(ids({ sizes: ['8mm'], measures: ['1,2mm'], priceRanges: [range(0, 100)] })).toEqual([1]);
    expect(ids({ category: 'orelha', sizes: ['8mm'] })).toEqual([1]);
    expect(ids({ subcategories: ['Tragus'], sizes: ['8mm'] })).toEqual([]);
  });
});

/**
 * Sold in sizes priced on their own at R$ 80,00 and R$ 300,00, though the product says R$ 280,00
 * (PIX R$ 270,00): its card shows 'a partir de R$ 80,00'. An inactive R$ 30,00 size is not sold.
 */
const sized = createProduct({
  id: 5,
  name: 'Argola Tamanhos',
  price_cents: 28_000,
  pix_price_cents: 27_000,
  variants: [
    createVariant({ option_values: { Tamanho: 'P' }, price_cents: 8_000 }),
    createVariant({ option_values: { Tamanho: 'G' }, price_cents: 30_000 }),
    createVariant({ option_values: { Tamanho: 'PP' }, price_cents: 3_000, active: false }),
  ],
});

describe('the price of a product whose variants sell at their own prices', () => {
  it("is the card's 'a partir de' price for the price ranges", () => {
    const byRange = (min: number, max: number) =>
      filterProducts([sized], { ...EMPTY_FILTERS, priceRanges: [range(min, max)] }).map(
        (p) => p.id,
      );
    expect(byRange(50, 80)).toEqual([5]);
    expect(byRange(0, 50)).toEqual([]);
    expect(byRange(200, 999999)).toEqual([]);
  });

  it("is the card's 'a partir de' price for both price orders", () => {
    expect(sortProducts([...all, sized], 'price-asc').map((p) => p.id)).toEqual([1, 5, 2, 4, 3]);
    expect(sortProducts([...all, sized], 'price-desc').map((p) => p.id)).toEqual([3, 4, 2, 5, 1]);
  });
});

describe('sortProducts', () => {
  it('sorts by name A-Z in pt-BR order by default', () => {
    const names = sortProducts(
      [
        createProduct({ name: 'Ônix' }),
        createProduct({ name: 'argola' }),
        createProduct({ name: 'Barbell' }),
      ],
      'name',
    ).map((p) => p.name);
    expect(names).toEqual(['argola', 'Barbell', 'Ônix']);
  });

  it('sorts by displayed price both ways', () => {
    expect(sortProducts(all, 'price-asc').map((p) => p.id)).toEqual([1, 2, 4, 3]);
    expect(sortProducts(all, 'price-desc').map((p) => p.id)).toEqual([3, 4, 2, 1]);
  });
});

describe('distinctOptions', () => {
  it('lists each size once in natural order', () => {
    expect(distinctOptions(all, 'sizes')).toEqual(['6mm', '8mm', '10mm']);
  });
});
