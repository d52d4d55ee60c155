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

/**
 * The card payment method of the public store configuration: null while none is configured.
 * Only PIX can be paid today, so no page promises instalments; a card integration sets the rules
 * here and every page (top bar, info strip, home description, product cards and page) shows what
 * they allow. A plain constant, so while it is null the bundler drops the code below from the
 * storefront's JavaScript.
 */
export const STORE_CARD_PAYMENT: CardInstalmentRules | null = null;

/** '3x de R$ 41,15 sem juros' under `card`'s rules, or null when the amount cannot be split. */
export function instalmentsTextFor(totalCents: number, card: CardInstalmentRules): string | null {
  const bySize = Math.floor(totalCents / Math.max(card.minInstalmentCents, 1));
  const count = Math.min(card.interestFree, card.max, bySize);
  // Display only, each instalment rounded half up to a cent.
  return count < 2 ? null : `${count}x de ${formatBRL(Math.round(totalCents / count))} sem juros`;
}

/**
 * '3x sem juros ou até 12x' (top bar, info strip, home description) under `card`'s rules, or null
 * when they allow no split. Callers test STORE_CARD_PAYMENT first, so the bundler drops it.
 */
export function instalmentsPromiseFor(card: CardInstalmentRules): string | null {
  const free = Math.min(card.interestFree, card.max);
  return free < 2 ? null : `${free}x sem juros${card.max > free ? ` ou até ${card.max}x` : ''}`;
}

/** The product card's and page's instalments for an amount; null without a card method. */
export function instalmentsText(totalCents: number): string | null {
  return STORE_CARD_PAYMENT ? instalmentsTextFor(totalCents, STORE_CARD_PAYMENT) : null;
}
