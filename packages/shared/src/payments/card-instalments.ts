import { formatBRL } from '../format/money.ts';

/**
 * The instalment rules of the store settings (`installments`): StoreSettings on the server and
 * the public PublicStoreJson in the browser both carry these fields, so either is passed as it is.
 */
export interface InstalmentRules {
  /** Most instalments a card payment takes. */
  max: number;
  /** Up to this many instalments carry no interest. */
  interest_free: number;
  /** No instalment is smaller than this. */
  min_installment_cents: number;
}

/** A card payment method the shop takes payments with. */
export interface CardPaymentMethod {
  /** Who takes the card (DESIGN.md: MercadoPago). */
  provider: string;
}

/**
 * The card payment method of the shop: null while none is configured. Only PIX can be paid
 * today, so no page promises instalments; once a card integration sets this, every page (top
 * bar, info strip, home description, product cards and page) shows what the settings'
 * instalment rules allow. A plain constant, so while it is null the bundler drops the code
 * behind it from the storefront's JavaScript.
 */
export const STORE_CARD_PAYMENT: CardPaymentMethod | null = null;

/** '3x de R$ 41,15 sem juros' under `rules`, or null when the amount cannot be split. */
export function instalmentsTextFor(totalCents: number, rules: InstalmentRules): string | null {
  const bySize = Math.floor(totalCents / Math.max(rules.min_installment_cents, 1));
  const count = Math.min(rules.interest_free, rules.max, bySize);
  // Display only, each instalment rounded half up to a cent.
  return count < 2 ? null : `${count}x de ${formatBRL(Math.round(totalCents / count))} sem juros`;
}

/**
 * '3x sem juros ou até 12x' (top bar, info strip, home description) under `rules`, or null when
 * they allow no split.
 */
export function instalmentsPromiseFor(rules: InstalmentRules): string | null {
  const free = Math.min(rules.interest_free, rules.max);
  return free < 2 ? null : `${free}x sem juros${rules.max > free ? ` ou até ${rules.max}x` : ''}`;
}

/** The product card's and page's instalments for an amount; null without a card method. */
export function instalmentsText(totalCents: number, rules: InstalmentRules): string | null {
  return STORE_CARD_PAYMENT ? instalmentsTextFor(totalCents, rules) : null;
}

/** The pages' instalment promise; null without a card method or when the rules allow no split. */
export function instalmentsPromise(rules: InstalmentRules): string | null {
  return STORE_CARD_PAYMENT ? instalmentsPromiseFor(rules) : null;
}
