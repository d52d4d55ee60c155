import { describe, expect, it } from 'vitest';
import {
  cardBrandLabel,
  formatDigitableLine,
  paidWithText,
  type PaymentMethodFacts,
  paymentMethodLabel,
  paymentMethodPhrase,
  refundMethodLabel,
} from './payment-labels.ts';

const card = (overrides: Partial<PaymentMethodFacts> = {}): PaymentMethodFacts => ({
  method: 'card',
  installments: 3,
  card_brand: 'visa',
  card_last_four: '6351',
  ...overrides,
});
const pix: PaymentMethodFacts = {
  method: 'pix',
  installments: null,
  card_brand: null,
  card_last_four: null,
};
const boleto: PaymentMethodFacts = { ...pix, method: 'boleto' };

describe('card brands', () => {
  it('are written as the brands write themselves; others capitalised', () => {
    expect(cardBrandLabel('visa')).toBe('Visa');
    expect(cardBrandLabel('master')).toBe('Mastercard');
    expect(cardBrandLabel('elo')).toBe('Elo');
    expect(cardBrandLabel('amex')).toBe('American Express');
    expect(cardBrandLabel('hipercard')).toBe('Hipercard');
    expect(cardBrandLabel('cabal')).toBe('Cabal');
    expect(cardBrandLabel('MASTER')).toBe('Mastercard');
  });

  it('do not take an inherited name for a brand', () => {
    expect(cardBrandLabel('constructor')).toBe('Constructor');
  });
});

describe('the payment line', () => {
  it('names PIX, boleto and the card with its end and instalments', () => {
    expect(paymentMethodLabel(pix)).toBe('PIX');
    expect(paymentMethodLabel(boleto)).toBe('Boleto bancário');
    expect(paymentMethodLabel(card())).toBe('Cartão de crédito Visa final 6351 · 3x');
    expect(paymentMethodLabel(card({ card_brand: 'master', installments: 1 }))).toBe(
      'Cartão de crédito Mastercard final 6351 · à vista',
    );
  });

  it('leaves out what the provider did not tell', () => {
    expect(paymentMethodLabel(card({ card_brand: null, installments: null }))).toBe(
      'Cartão de crédito final 6351',
    );
    expect(paymentMethodLabel(card({ card_last_four: null }))).toBe('Cartão de crédito Visa · 3x');
    // Anything but four digits is not shown as the card's end.
    expect(paymentMethodLabel(card({ card_last_four: '5031433215406351' }))).toBe(
      'Cartão de crédito Visa · 3x',
    );
  });

  it('reads as a phrase for Bling and as a sentence for the e-mail', () => {
    const master = card({ card_brand: 'master' });
    expect(paymentMethodPhrase(master)).toBe('Cartão de crédito Mastercard final 6351 em 3x');
    expect(paymentMethodPhrase(card({ installments: 1 }))).toBe(
      'Cartão de crédito Visa final 6351 à vista',
    );
    expect(paymentMethodPhrase(pix)).toBe('PIX');
    expect(paidWithText(master)).toBe('Pago com cartão de crédito Mastercard final 6351 em 3x');
    expect(paidWithText(pix)).toBe('Pago com PIX');
    expect(paidWithText(boleto)).toBe('Pago com boleto bancário');
  });
});

describe('refund lines', () => {
  it('say where the money went back', () => {
    expect(refundMethodLabel('mercadopago', card({ card_brand: 'elo' }))).toBe(
      'Estorno no cartão de crédito Elo final 6351',
    );
    expect(refundMethodLabel('mercadopago', pix)).toBe('Devolvido por PIX');
    expect(refundMethodLabel('mercadopago', boleto)).toBe('Devolvido pelo MercadoPago');
    expect(refundMethodLabel('pix_manual', pix)).toBe('Devolvido por PIX pela loja');
    expect(refundMethodLabel('mercadopago', null)).toBe('Devolvido pelo MercadoPago');
  });
});

describe('a boleto line', () => {
  it('is shown in its five fields; anything but 47 digits as it came', () => {
    expect(formatDigitableLine('23793381286000000000300000004001843400000012990')).toBe(
      '23793.38128 60000.000003 00000.004001 8 43400000012990',
    );
    expect(formatDigitableLine('123')).toBe('123');
  });
});
