import type { PromotionJson } from '@lumina/shared/promotions/coupon-schema';

/**
 * A unit's price with an automatic percent promotion, as the cart's engine takes it off: the
 * discount rounded down to the cent (a cent that cannot be split stays with the shop), and at
 * least one cent left. The engine itself stays out of the catalogue's download.
 */
export function promotionPriceCents(cents: number, percent: number): number {
  const hundredths = Math.round(percent * 100);
  const off = Math.floor((cents * hundredths) / 10_000);
  return cents - Math.min(off, cents - 1);
}

/** The promotion a card or a page announces: a live percent one, when the product has it. */
export function percentPromotion(
  promotion: PromotionJson | null | undefined,
): PromotionJson | null {
  return promotion && promotion.kind === 'percent' && promotion.percent > 0 ? promotion : null;
}

/** 10 -> '10%', 12.5 -> '12,5%'. */
export function promotionPercentText(percent: number): string {
  return `${percent.toLocaleString('pt-BR', { maximumFractionDigits: 2 })}%`;
}
