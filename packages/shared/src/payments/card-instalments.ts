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

/** How the shop takes cards, as GET /api/store's `payments.card` says it (null: no card). */
export interface CardPaymentMethod {
  /** Who takes the card (DESIGN.md: MercadoPago). */
  provider: 'mercadopago';
  /** Given to the provider's card form in the browser; public by design. */
  public_key: string;
  /** The provider's browser SDK (MercadoPago.js v2). */
  sdk_url: string;
}

/** The ways to pay beside PIX the shop is configured for (GET /api/store's `payments`). */
export interface StorePayments {
  card: CardPaymentMethod | null;
  boleto: boolean;
}

/**
 * What decides the pages' instalment texts: the settings' rules and whether a card method is
 * configured. StoreSettings alone has no `payments` (no card: no promise); the public store JSON,
 * on the server's pages and in the browser alike, carries both, so the two render the same text.
 */
export interface CardOffer {
  installments: InstalmentRules;
  payments?: Pick<StorePayments, 'card'>;
}

/** Whether the shop takes cards: only then do pages promise instalments. */
export function cardEnabled(store: Pick<CardOffer, 'payments'>): boolean {
  return Boolean(store.payments?.card);
}

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
export function instalmentsText(totalCents: number, store: CardOffer): string | null {
  return cardEnabled(store) ? instalmentsTextFor(totalCents, store.installments) : null;
}

/** The pages' instalment promise; null without a card method or when the rules allow no split. */
export function instalmentsPromise(store: CardOffer): string | null {
  return cardEnabled(store) ? instalmentsPromiseFor(store.installments) : null;
}
