import type { PriceRules } from '../catalog/pricing.ts';
import { formatBRL } from '../format/money.ts';
import { type CardOffer, instalmentsPromise } from '../payments/card-instalments.ts';

/**
 * The shop's promises about money as shoppers read them, from its settings: a rule the owner
 * turned off (0% PIX discount, no free-shipping threshold) gives no text rather than a promise
 * the shop does not keep.
 */

/** 5 -> '5%'; 2.5 -> '2,5%'. */
export function percentText(percent: number): string {
  return `${String(Math.round(percent * 100) / 100).replace('.', ',')}%`;
}

/** 29900 -> 'R$ 299' (whole reais, as the banners say them); 14990 -> 'R$ 149,90'. */
export function shortBRL(cents: number): string {
  const text = formatBRL(cents);
  return text.endsWith(',00') ? text.slice(0, -3) : text;
}

/** '5% de desconto' (the PIX option and the PIX price's note), or null with no discount. */
export function pixDiscountNote(rules: Pick<PriceRules, 'pix_discount_percent'>): string | null {
  return rules.pix_discount_percent > 0
    ? `${percentText(rules.pix_discount_percent)} de desconto`
    : null;
}

/** '5% de desconto no PIX', or null with no discount. */
export function pixDiscountText(rules: Pick<PriceRules, 'pix_discount_percent'>): string | null {
  const note = pixDiscountNote(rules);
  return note && `${note} no PIX`;
}

/** 'Frete grátis a partir de R$ 299', or null when the shop offers no free shipping. */
export function freeShippingText(
  rules: Pick<PriceRules, 'free_shipping_threshold_cents'>,
): string | null {
  const threshold = rules.free_shipping_threshold_cents;
  return threshold === null ? null : `Frete grátis a partir de ${shortBRL(threshold)}`;
}

/**
 * The rules the pages' promises come from: StoreSettings and PublicStoreJson both are (only the
 * public store JSON says whether cards are taken, hence the instalment promise).
 */
export type MoneyRules = PriceRules & CardOffer;

/** Rules that promise nothing: what a browser's page says before the settings arrive. */
export const NO_MONEY_PROMISES: Readonly<MoneyRules> = {
  pix_discount_percent: 0,
  free_shipping_threshold_cents: null,
  installments: { max: 1, interest_free: 1, min_installment_cents: 0 },
};

/**
 * The promises in the order the pages list them: PIX discount, instalments (only once a card
 * method exists), free shipping. Empty when the shop makes none.
 */
export function moneyPromises(rules: MoneyRules): string[] {
  return [pixDiscountText(rules), instalmentsPromise(rules), freeShippingText(rules)].filter(
    (text): text is string => text !== null,
  );
}

/** ['a', 'b', 'c'] -> 'a, b e c'. */
function listText(items: string[]): string {
  return items.length < 2 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} e ${items.at(-1)}`;
}

/**
 * ' 5% de desconto no PIX e frete grátis a partir de R$ 299.' after a description's first
 * sentence (with its leading space), or '' when the shop makes no such promise.
 */
export function moneyPromisesSentence(rules: MoneyRules): string {
  const promises = moneyPromises(rules);
  if (promises.length === 0) return '';
  const text = listText(
    promises.map((promise, index) => (index === 0 ? promise : lowerFirst(promise))),
  );
  return ` ${text}.`;
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}
