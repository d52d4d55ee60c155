import { instalmentCents } from '../catalog/pricing.ts';
import { formatBRL } from '../format/money.ts';

/**
 * The instalment rules of a card payment method, as the store settings hold them
 * (`installments: {max, interest_free, min_installment}`).
 */
export interface CardInstalmentRules {
  /** Most instalments the card method takes. */
  max: number;
  /** Up to this many instalments carry no interest. */
  interestFree: number;
  /** No instalment is smaller than this. */
  minInstalmentCents: number;
}

/** The part of the public store configuration that says how a shopper can pay. */
export interface StorePayments {
  /** null while no card payment method is configured. */
  card: CardInstalmentRules | null;
}

/**
 * How the shop takes payments, for every page that mentions instalments (storefront, product
 * cards, page heads). Only PIX can be paid today, so no instalment is promised anywhere: a card
 * integration fills `card` from the store's configuration and the pages show its real rules.
 */
export const STORE_PAYMENTS: StorePayments = { card: null };

/** The interest-free split of an amount, or null when there is no card or it cannot be split. */
export function interestFreeInstalments(
  totalCents: number,
  card: CardInstalmentRules | null = STORE_PAYMENTS.card,
): { count: number; instalmentCents: number } | null {
  if (!card) return null;
  const bySize =
    card.minInstalmentCents > 0 ? Math.floor(totalCents / card.minInstalmentCents) : card.max;
  const count = Math.min(card.interestFree, card.max, bySize);
  return count >= 2 ? { count, instalmentCents: instalmentCents(totalCents, count) } : null;
}

/** '3x de R$ 41,15 sem juros' (product card and page), or null when nothing can be offered. */
export function instalmentsText(
  totalCents: number,
  card: CardInstalmentRules | null = STORE_PAYMENTS.card,
): string | null {
  const split = interestFreeInstalments(totalCents, card);
  return split ? `${split.count}x de ${formatBRL(split.instalmentCents)} sem juros` : null;
}

/** '3x sem juros ou até 12x' (top bar, info strip, home description), or null without a card. */
export function instalmentsPromise(
  card: CardInstalmentRules | null = STORE_PAYMENTS.card,
): string | null {
  if (!card) return null;
  const free = Math.min(card.interestFree, card.max);
  if (free < 2) return card.max >= 2 ? `Até ${card.max}x no cartão` : null;
  return card.max > free ? `${free}x sem juros ou até ${card.max}x` : `${free}x sem juros`;
}
