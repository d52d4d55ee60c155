import type { RefundMethod } from '../returns/return-schemas.ts';

/**
 * How an order was paid, in the words the order page, the panel, the e-mails and the Bling sales
 * order all use. Only the brand and the last four digits of a card are ever named: nothing else
 * of a card is kept or shown.
 */
export interface PaymentMethodFacts {
  method: 'pix' | 'card' | 'boleto';
  installments: number | null;
  card_brand: string | null;
  card_last_four: string | null;
}

/** MercadoPago's payment_method_id of a card as its brand is written. */
const CARD_BRAND_NAMES: Readonly<Record<string, string>> = {
  visa: 'Visa',
  master: 'Mastercard',
  elo: 'Elo',
  amex: 'American Express',
  hipercard: 'Hipercard',
};

/** 'master' → 'Mastercard'; a brand this list does not know is capitalised ('cabal' → 'Cabal'). */
export function cardBrandLabel(brand: string): string {
  const key = brand.trim().toLowerCase();
  if (Object.hasOwn(CARD_BRAND_NAMES, key)) return CARD_BRAND_NAMES[key] ?? key;
  return key.charAt(0).toUpperCase() + key.slice(1);
}

/** 'Cartão de crédito Visa final 6351', with what the provider told of the card. */
function cardName(payment: PaymentMethodFacts): string {
  const parts = ['Cartão de crédito'];
  if (payment.card_brand?.trim()) parts.push(cardBrandLabel(payment.card_brand));
  if (payment.card_last_four && /^\d{4}$/.test(payment.card_last_four)) {
    parts.push(`final ${payment.card_last_four}`);
  }
  return parts.join(' ');
}

function instalmentCount(payment: PaymentMethodFacts): number | null {
  return payment.installments !== null && payment.installments >= 1 ? payment.installments : null;
}

/** The short form of a page or a list: 'PIX', 'Cartão de crédito Visa final 6351 · 3x'. */
export function paymentMethodLabel(payment: PaymentMethodFacts): string {
  if (payment.method === 'pix') return 'PIX';
  if (payment.method === 'boleto') return 'Boleto bancário';
  const count = instalmentCount(payment);
  if (count === null) return cardName(payment);
  return `${cardName(payment)} · ${count === 1 ? 'à vista' : `${count}x`}`;
}

/** The same as a phrase: 'Cartão de crédito Mastercard final 6351 em 3x' (Bling's note). */
export function paymentMethodPhrase(payment: PaymentMethodFacts): string {
  if (payment.method !== 'card') return paymentMethodLabel(payment);
  const count = instalmentCount(payment);
  if (count === null) return cardName(payment);
  return `${cardName(payment)} ${count === 1 ? 'à vista' : `em ${count}x`}`;
}

/** The approved e-mail's line: 'Pago com cartão de crédito Mastercard final 6351 em 3x'. */
export function paidWithText(payment: PaymentMethodFacts): string {
  const phrase = paymentMethodPhrase(payment);
  // 'PIX' keeps its capitals; the others are common nouns inside the sentence.
  return `Pago com ${payment.method === 'pix' ? phrase : phrase.charAt(0).toLowerCase() + phrase.slice(1)}`;
}

/**
 * Where a refund went, for the shopper: MercadoPago returns a card's money on its invoice and a
 * PIX's or a boleto's to the payer's account; the shop returns a PIX from its bank by hand.
 */
export function refundMethodLabel(
  method: RefundMethod,
  payment: PaymentMethodFacts | null,
): string {
  if (method === 'pix_manual') return 'Devolvido por PIX pela loja';
  if (payment?.method === 'card') {
    const card = cardName(payment);
    return `Estorno no ${card.charAt(0).toLowerCase() + card.slice(1)}`;
  }
  if (payment?.method === 'pix') return 'Devolvido por PIX';
  return 'Devolvido pelo MercadoPago';
}

/**
 * A boleto's 47-digit line as banks print it, in its five fields ('23793.38128 60000.000003
 * 00000.004001 8 43400000012990'), easier to check by eye; anything else is left as it came.
 */
export function formatDigitableLine(line: string): string {
  const d = line.replace(/\D/g, '');
  if (d.length !== 47) return line;
  return `${d.slice(0, 5)}.${d.slice(5, 10)} ${d.slice(10, 15)}.${d.slice(15, 21)} ${d.slice(21, 26)}.${d.slice(26, 32)} ${d.slice(32, 33)} ${d.slice(33)}`;
}
