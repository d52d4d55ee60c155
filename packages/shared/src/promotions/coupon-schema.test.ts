import { describe, expect, it } from 'vitest';
import { describeRule } from './coupon-description.ts';
import { couponInputSchema, saoPauloInstant } from './coupon-schema.ts';

const issuesOf = (input: unknown) => {
  const parsed = couponInputSchema.safeParse(input);
  return parsed.success
    ? {}
    : Object.fromEntries(parsed.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
};

describe('couponInputSchema', () => {
  it('reads a percent coupon with reais, limits and São Paulo dates', () => {
    const parsed = couponInputSchema.parse({
      code: ' bemvinda10 ',
      kind: 'percent',
      value: '12,5',
      max_discount: '50,00',
      min_order: 100,
      scope: { categories: ['nariz'] },
      starts_at: '2026-11-27T00:00',
      ends_at: '2026-11-30T23:59',
      usage_limit: 5,
      per_customer_limit: '1',
      first_purchase_only: true,
    });
    expect(parsed).toMatchObject({
      code: 'BEMVINDA10',
      value: 1250,
      maxDiscountCents: 5000,
      minOrderCents: 10000,
      categories: ['nariz'],
      usageLimit: 5,
      perCustomerLimit: 1,
      firstPurchaseOnly: true,
      combinesWithPix: true,
    });
    expect(parsed.startsAt?.toISOString()).toBe('2026-11-27T03:00:00.000Z');
    expect(parsed.endsAt?.toISOString()).toBe('2026-12-01T02:59:00.000Z');
  });

  it.each([
    [{ code: 'BEM VINDA', kind: 'percent', value: 10 }, 'code'],
    [{ code: 'CUPOM<script>', kind: 'percent', value: 10 }, 'code'],
    [{ code: 'AB', kind: 'percent', value: 10 }, 'code'],
    [{ code: 'DEZ', kind: 'percent', value: 0 }, 'value'],
    [{ code: 'DEZ', kind: 'percent', value: -5 }, 'value'],
    [{ code: 'DEZ', kind: 'percent', value: 101 }, 'value'],
    [{ code: 'DEZ', kind: 'percent', value: 10.123 }, 'value'],
    [{ code: 'DEZ', kind: 'fixed', value: '-1' }, 'value'],
    [{ code: 'DEZ', kind: 'fixed', value: 150, min_order: 100 }, 'value'],
    [{ code: 'DEZ', kind: 'fixed', value: 10, max_discount: 5 }, 'max_discount'],
    [
      {
        code: 'DEZ',
        kind: 'percent',
        value: 10,
        starts_at: '2026-12-01T00:00',
        ends_at: '2026-11-30T00:00',
      },
      'ends_at',
    ],
    [{ code: 'DEZ', kind: 'percent', value: 10, starts_at: '2026-02-30T10:00' }, 'starts_at'],
    [{ code: 'DEZ', kind: 'percent', value: 10, usage_limit: 0 }, 'usage_limit'],
    [
      { code: 'DEZ', kind: 'percent', value: 10, scope: { categories: ['pé'] } },
      'scope.categories.0',
    ],
    [{ automatic: true, name: 'Black Friday', kind: 'fixed', value: 10 }, 'kind'],
    [
      { automatic: true, name: 'Black Friday', kind: 'percent', value: 10, usage_limit: 5 },
      'usage_limit',
    ],
    [{ automatic: true, kind: 'percent', value: 10 }, 'name'],
  ])('%j is refused at %s', (input, field) => {
    expect(Object.keys(issuesOf(input))).toContain(field);
  });

  it('reads an automatic free-shipping promotion for a region', () => {
    const parsed = couponInputSchema.parse({
      automatic: true,
      code: 'IGNORED',
      name: 'Frete grátis para o Sudeste',
      kind: 'free_shipping',
      min_order: '199,00',
      shipping_methods: ['pac'],
      states: ['SP', 'RJ', 'MG', 'ES'],
    });
    expect(parsed).toMatchObject({ code: null, value: 0, states: ['SP', 'RJ', 'MG', 'ES'] });
    expect(describeRule({ id: 1, ...parsed })).toBe(
      'Frete grátis (PAC) para SP, RJ, MG e ES. Pedido mínimo de R$ 199,00 em produtos.',
    );
  });
});

describe('describeRule', () => {
  it('states every condition of a coupon', () => {
    const rule = couponInputSchema.parse({
      code: 'NARIZ10',
      kind: 'percent',
      value: 10,
      max_discount: 50,
      min_order: 100,
      scope: { categories: ['nariz'] },
      ends_at: '2026-11-29T23:59',
      per_customer_limit: 1,
      first_purchase_only: true,
      combines_with_pix: false,
      combines_with_sale: false,
    });
    expect(describeRule({ id: 1, ...rule })).toBe(
      '10% de desconto nos produtos da categoria Nariz, até R$ 50,00 de desconto. ' +
        'Pedido mínimo de R$ 100,00 em produtos. Válido até 29/11/2026 23:59. ' +
        'Apenas na primeira compra. Um uso por cliente (CPF). ' +
        'Não cumulativo com o desconto do PIX: no PIX vale o maior desconto. ' +
        'Não vale para produtos em promoção.',
    );
  });
});

describe('saoPauloInstant', () => {
  it('reads local times at -03:00 and zoned ones as they are', () => {
    expect(saoPauloInstant('2026-01-01T00:00')?.toISOString()).toBe('2026-01-01T03:00:00.000Z');
    expect(saoPauloInstant('2026-01-01T00:00:00Z')?.toISOString()).toBe('2026-01-01T00:00:00.000Z');
    expect(saoPauloInstant('amanhã')).toBeUndefined();
  });
});
