import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type CouponRule,
  couponProblemMessage,
  freeShippingRule,
  priceLines,
  type PricingLine,
  splitProportionally,
} from './coupon-rules.ts';

const NOW = new Date('2026-11-27T15:00:00Z');

function rule(overrides: Partial<CouponRule> = {}): CouponRule {
  return {
    id: 1,
    code: 'BEMVINDA10',
    name: null,
    kind: 'percent',
    value: 1000,
    maxDiscountCents: null,
    minOrderCents: null,
    categories: [],
    productIds: [],
    shippingMethods: [],
    states: [],
    startsAt: null,
    endsAt: null,
    usageLimit: null,
    perCustomerLimit: null,
    firstPurchaseOnly: false,
    combinesWithPix: true,
    combinesWithSale: true,
    active: true,
    ...overrides,
  };
}

function line(overrides: Partial<PricingLine> = {}): PricingLine {
  return {
    key: 1,
    productId: 10,
    category: 'nariz',
    quantity: 1,
    listCents: 10_000,
    pixCents: 9_500,
    onSale: false,
    ...overrides,
  };
}

const promotion = (overrides: Partial<CouponRule> = {}) =>
  rule({ id: 50, code: null, name: '10% em toda a categoria Nariz', ...overrides });

describe('priceLines: coupons', () => {
  it('takes a percent off each line at the basis, rounding down per line', () => {
    const result = priceLines({
      lines: [line({ key: 1, listCents: 4_990, pixCents: 4_741, quantity: 3 })],
      basis: 'pix',
      coupon: rule(),
      promotions: [],
      now: NOW,
    });
    // 4741 x 3 = 14223; 10% = 1422.3 -> 1422.
    expect(result.lines[0]).toMatchObject({ baseCents: 14_223, couponDiscountCents: 1_422 });
    expect(result.totalCents).toBe(12_801);
    expect(result.coupon?.problem).toBeNull();
  });

  it('caps a percent coupon at its maximum, split exactly over the lines', () => {
    const result = priceLines({
      lines: [
        line({ key: 1 }),
        line({ key: 2, productId: 11, listCents: 30_000, pixCents: 28_500 }),
      ],
      basis: 'list',
      coupon: rule({ value: 5_000, maxDiscountCents: 5_001 }),
      promotions: [],
      now: NOW,
    });
    expect(result.couponDiscountCents).toBe(5_001);
    expect(result.lines.map((l) => l.couponDiscountCents)).toEqual([1_250, 3_751]);
  });

  it('splits a fixed amount exactly and never takes a line below a cent per unit', () => {
    const split = priceLines({
      lines: [line({ key: 1, listCents: 100 }), line({ key: 2, listCents: 200, productId: 2 })],
      basis: 'list',
      coupon: rule({ kind: 'fixed', value: 100 }),
      promotions: [],
      now: NOW,
    });
    expect(split.lines.map((l) => l.couponDiscountCents)).toEqual([33, 67]);
    const over = priceLines({
      lines: [line({ listCents: 500, quantity: 2 })],
      basis: 'list',
      coupon: rule({ kind: 'fixed', value: 5_000 }),
      promotions: [],
      now: NOW,
    });
    expect(over.lines[0]).toMatchObject({ couponDiscountCents: 998, totalCents: 2 });
  });

  it('discounts only the lines in its scope, and none on sale when it does not combine', () => {
    const lines = [
      line({ key: 1, category: 'nariz' }),
      line({ key: 2, category: 'orelha', productId: 20 }),
      line({ key: 3, category: 'nariz', productId: 30, onSale: true }),
    ];
    const scoped = priceLines({
      lines,
      basis: 'list',
      coupon: rule({ categories: ['nariz'], combinesWithSale: false }),
      promotions: [],
      now: NOW,
    });
    expect(scoped.lines.map((l) => l.couponDiscountCents)).toEqual([1_000, 0, 0]);
    const byProduct = priceLines({
      lines,
      basis: 'list',
      coupon: rule({ productIds: [20] }),
      promotions: [],
      now: NOW,
    });
    expect(byProduct.lines.map((l) => l.couponDiscountCents)).toEqual([0, 1_000, 0]);
  });

  it('gives a PIX line the better of its PIX price and the coupon when they do not stack', () => {
    const small = priceLines({
      lines: [line()],
      basis: 'pix',
      coupon: rule({ value: 300, combinesWithPix: false }),
      promotions: [],
      now: NOW,
    });
    // 3% off 100,00 is 97,00: the PIX price 95,00 is better, the coupon saves nothing.
    expect(small.lines[0]).toMatchObject({ couponDiscountCents: 0, totalCents: 9_500 });
    const big = priceLines({
      lines: [line()],
      basis: 'pix',
      coupon: rule({ value: 2_000, combinesWithPix: false }),
      promotions: [],
      now: NOW,
    });
    // 20% off the list price: 80,00, 15,00 below the PIX price.
    expect(big.lines[0]).toMatchObject({ couponDiscountCents: 1_500, totalCents: 8_000 });
    const card = priceLines({
      lines: [line()],
      basis: 'list',
      coupon: rule({ value: 2_000, combinesWithPix: false }),
      promotions: [],
      now: NOW,
    });
    expect(card.lines[0]).toMatchObject({ couponDiscountCents: 2_000, totalCents: 8_000 });
  });

  it.each([
    [{ active: false }, 'inactive', 'Cupom inválido'],
    [{ endsAt: new Date('2026-11-27T14:59:59Z') }, 'expired', 'Cupom expirado'],
    [
      { startsAt: new Date('2026-11-28T03:00:00Z') },
      'not_started',
      'Este cupom vale a partir de 28/11/2026 00:00',
    ],
    [{ minOrderCents: 10_001 }, 'min_order', 'Pedido mínimo de R$ 100,01 para este cupom'],
    [
      { categories: ['umbigo'] },
      'no_eligible_items',
      'Nenhum produto do carrinho participa deste cupom',
    ],
  ] as const)('%j does not apply: %s', (overrides, problem, message) => {
    const coupon = rule(overrides as Partial<CouponRule>);
    const result = priceLines({ lines: [line()], basis: 'list', coupon, promotions: [], now: NOW });
    expect(result.coupon?.problem).toBe(problem);
    expect(result.couponDiscountCents).toBe(0);
    expect(couponProblemMessage(coupon, problem)).toBe(message);
  });

  it('measures the minimum order at list prices, as free shipping does', () => {
    const result = priceLines({
      lines: [line()],
      basis: 'pix',
      coupon: rule({ minOrderCents: 10_000 }),
      promotions: [],
      now: NOW,
    });
    expect(result.coupon?.problem).toBeNull();
  });
});

describe('priceLines: automatic promotions', () => {
  it('applies the best promotion covering each line before the coupon', () => {
    const result = priceLines({
      lines: [line({ key: 1 }), line({ key: 2, category: 'orelha', productId: 2 })],
      basis: 'list',
      coupon: rule({ value: 1_000 }),
      promotions: [
        promotion({ categories: ['nariz'] }),
        promotion({ id: 51, value: 1_500, categories: ['nariz'] }),
        promotion({ id: 52, active: false, value: 5_000 }),
      ],
      now: NOW,
    });
    expect(result.lines[0]).toMatchObject({
      promotionDiscountCents: 1_500,
      promotionId: 51,
      couponDiscountCents: 850,
      totalCents: 7_650,
    });
    expect(result.lines[1]).toMatchObject({
      promotionDiscountCents: 0,
      couponDiscountCents: 1_000,
    });
    expect(result.promotions.map((p) => p.id)).toEqual([51]);
  });

  it('skips a promotion outside its dates or below its minimum order', () => {
    const result = priceLines({
      lines: [line()],
      basis: 'list',
      coupon: null,
      promotions: [
        promotion({ endsAt: new Date('2026-11-27T00:00:00Z') }),
        promotion({ id: 53, minOrderCents: 20_000 }),
      ],
      now: NOW,
    });
    expect(result.promotionDiscountCents).toBe(0);
  });

  it('a line a promotion discounts is on sale for a coupon that does not combine with sales', () => {
    const result = priceLines({
      lines: [line()],
      basis: 'list',
      coupon: rule({ combinesWithSale: false }),
      promotions: [promotion()],
      now: NOW,
    });
    expect(result.coupon?.problem).toBe('no_eligible_items');
  });
});

describe('freeShippingRule', () => {
  const question = {
    coupon: null,
    promotions: [] as CouponRule[],
    listSubtotalCents: 20_000,
    method: 'pac' as const,
    state: 'SP' as const,
    now: NOW,
  };
  const southeast = promotion({
    kind: 'free_shipping',
    value: 0,
    minOrderCents: 19_900,
    states: ['SP', 'RJ', 'MG', 'ES'],
    shippingMethods: ['pac'],
  });

  it('grants free PAC to the Southeast above the minimum', () => {
    expect(freeShippingRule({ ...question, promotions: [southeast] })).toBe(southeast);
    expect(freeShippingRule({ ...question, promotions: [southeast], state: 'BA' })).toBeNull();
    expect(freeShippingRule({ ...question, promotions: [southeast], method: 'sedex' })).toBeNull();
    expect(
      freeShippingRule({ ...question, promotions: [southeast], listSubtotalCents: 19_899 }),
    ).toBeNull();
    expect(freeShippingRule({ ...question, promotions: [southeast], state: undefined })).toBeNull();
  });

  it('a free-shipping coupon comes first and covers its methods', () => {
    const coupon = rule({ kind: 'free_shipping', value: 0, shippingMethods: ['pac', 'sedex'] });
    expect(
      freeShippingRule({ ...question, coupon, promotions: [southeast], method: 'sedex' }),
    ).toBe(coupon);
  });
});

describe('splitProportionally', () => {
  it('is exact and never gives a share above its weight', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.array(fc.integer({ min: 0, max: 100_000 }), { minLength: 1, maxLength: 12 }),
        (total, weights) => {
          const shares = splitProportionally(total, weights);
          const sum = weights.reduce((a, b) => a + b, 0);
          expect(shares.reduce((a, b) => a + b, 0)).toBe(Math.min(total, sum));
          shares.forEach((share, i) => {
            expect(share).toBeGreaterThanOrEqual(0);
            expect(share).toBeLessThanOrEqual(weights[i]!);
          });
        },
      ),
    );
  });
});

describe('priceLines over random carts', () => {
  const lineArb = fc
    .record({
      listCents: fc.integer({ min: 1, max: 200_000 }),
      pixOff: fc.integer({ min: 0, max: 100 }),
      quantity: fc.integer({ min: 1, max: 10 }),
      category: fc.constantFrom('nariz', 'orelha', 'boca'),
      onSale: fc.boolean(),
    })
    .map(({ listCents, pixOff, ...rest }) => ({
      ...rest,
      listCents,
      pixCents: Math.max(1, listCents - Math.floor((listCents * pixOff) / 100)),
    }));
  const couponArb = fc.record({
    kind: fc.constantFrom('percent' as const, 'fixed' as const),
    value: fc.integer({ min: 1, max: 10_000 }),
    fixed: fc.integer({ min: 1, max: 500_000 }),
    cap: fc.option(fc.integer({ min: 1, max: 100_000 }), { nil: null }),
    combinesWithPix: fc.boolean(),
    combinesWithSale: fc.boolean(),
    categories: fc.subarray(['nariz', 'orelha']),
  });

  it('never makes a line or the order negative, keeps a cent per unit, and rounds for the shop', () => {
    fc.assert(
      fc.property(
        fc.array(lineArb, { minLength: 1, maxLength: 8 }),
        couponArb,
        fc.constantFrom('pix' as const, 'list' as const),
        fc.option(fc.integer({ min: 1, max: 9_000 }), { nil: null }),
        (raw, c, basis, promoPercent) => {
          const lines = raw.map((l, i) => line({ ...l, key: i + 1, productId: i + 1 }));
          const coupon = rule({
            kind: c.kind,
            value: c.kind === 'percent' ? c.value : c.fixed,
            maxDiscountCents: c.kind === 'percent' ? c.cap : null,
            combinesWithPix: c.combinesWithPix,
            combinesWithSale: c.combinesWithSale,
            categories: c.categories,
          });
          const promotions = promoPercent ? [promotion({ value: promoPercent })] : [];
          const result = priceLines({ lines, basis, coupon, promotions, now: NOW });
          for (const [i, priced] of result.lines.entries()) {
            const source = lines[i]!;
            expect(priced.unitCents).toBe(basis === 'pix' ? source.pixCents : source.listCents);
            expect(priced.totalCents).toBe(
              priced.baseCents - priced.promotionDiscountCents - priced.couponDiscountCents,
            );
            expect(priced.totalCents).toBeGreaterThanOrEqual(source.quantity);
            expect(priced.couponDiscountCents).toBeGreaterThanOrEqual(0);
            expect(Number.isInteger(priced.couponDiscountCents)).toBe(true);
          }
          expect(result.totalCents).toBe(
            result.subtotalCents - result.promotionDiscountCents - result.couponDiscountCents,
          );
          expect(result.totalCents).toBeGreaterThan(0);
          if (
            coupon.kind === 'percent' &&
            coupon.maxDiscountCents === null &&
            (coupon.combinesWithPix || basis === 'list') &&
            result.coupon?.problem === null
          ) {
            // Each line loses its exact percent rounded down (less than a cent kept by the
            // shop), unless that would leave it under a cent per unit.
            result.lines.forEach((priced, i) => {
              const source = lines[i]!;
              const inScope =
                coupon.categories.length === 0 || coupon.categories.includes(source.category);
              const onSale = source.onSale || priced.promotionDiscountCents > 0;
              if (!inScope || (!coupon.combinesWithSale && onSale)) {
                expect(priced.couponDiscountCents).toBe(0);
                return;
              }
              const after = priced.baseCents - priced.promotionDiscountCents;
              const exact = (after * coupon.value) / 10_000;
              const room = after - source.quantity;
              expect(priced.couponDiscountCents).toBeLessThanOrEqual(exact);
              expect(priced.couponDiscountCents).toBeGreaterThan(Math.min(exact, room) - 1);
            });
          }
        },
      ),
      { numRuns: 500 },
    );
  });
});
