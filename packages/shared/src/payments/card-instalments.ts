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

/**
 * '3x de R$ 41,15 sem juros' (product card and page): the most interest-free instalments the
 * rules allow for the amount, each rounded half up to a cent (display only). Null without a card
 * or when the amount cannot be split.
 */
export function instalmentsText(
  totalCents: number,
  card: CardInstalmentRules | null = STORE_PAYMENTS.card,
): string | null {
  if (!card) return null;
  const bySize = Math.floor(totalCents / Math.max(card.minInstalmentCents, 1));
  const count = Math.min(card.interestFree, card.max, bySize);
  return count < 2 ? null : `${count}x de ${formatBRL(Math.round(totalCents / count))} sem juros`;
}

/** '3x sem juros ou até 12x' (top bar, info strip, home description), or null without a card. */
export function instalmentsPromise(
  card: CardInstalmentRules | null = STORE_PAYMENTS.card,
): string | null {
  if (!card) return null;
  const free = Math.min(card.interestFree, card.max);
  return free < 2 ? null : `${free}x sem juros${card.max > free ? ` ou até ${card.max}x` : ''}`;
}
