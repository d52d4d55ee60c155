import { describe, expect, it } from 'vitest';
import { percentPromotion, promotionPercentText, promotionPriceCents } from './promotion-price.ts';

describe('promotionPriceCents', () => {
  it('takes the percent off with the discount rounded down to the cent', () => {
    expect(promotionPriceCents(4750, 10)).toBe(4275);
    // 12,5% of R$ 39,99 is 499,875 cents: 499 off.
    expect(promotionPriceCents(3999, 12.5)).toBe(3500);
    expect(promotionPriceCents(999, 15)).toBe(850);
  });

  it('always leaves a cent', () => {
    expect(promotionPriceCents(500, 100)).toBe(1);
  });
});

describe('percentPromotion', () => {
  const promotion = {
    id: 1,
    name: 'Semana do Nariz',
    kind: 'percent' as const,
    percent: 10,
    description: '10% de desconto nos produtos da categoria Nariz.',
    ends_at: null,
  };

  it('announces live percent promotions only', () => {
    expect(percentPromotion(promotion)).toBe(promotion);
    expect(percentPromotion({ ...promotion, kind: 'free_shipping', percent: 0 })).toBeNull();
    expect(percentPromotion(null)).toBeNull();
    expect(percentPromotion(undefined)).toBeNull();
  });

  it('writes the percent the Brazilian way', () => {
    expect(promotionPercentText(12.5)).toBe('12,5%');
    expect(promotionPercentText(10)).toBe('10%');
  });
});
