import { describe, expect, it } from 'vitest';
import { DEFAULT_PRICE_RULES } from '../catalog/pricing.ts';
import { homeBanners } from './home-banners.ts';
import { homeDescription } from './home-description.ts';
import {
  freeShippingText,
  moneyPromises,
  percentText,
  pixDiscountNote,
  pixDiscountText,
  shortBRL,
} from './money-texts.ts';

const installments = { max: 12, interest_free: 3, min_installment_cents: 2000 };
const defaults = { ...DEFAULT_PRICE_RULES, installments };
const none = { pix_discount_percent: 0, free_shipping_threshold_cents: null, installments };

describe('money texts', () => {
  it.each([
    [5, '5%'],
    [2.5, '2,5%'],
    [12.75, '12,75%'],
  ])('%d -> %s', (percent, text) => {
    expect(percentText(percent)).toBe(text);
  });

  it.each([
    [29_900, 'R$ 299'],
    [14_990, 'R$ 149,90'],
    [150_000, 'R$ 1.500'],
  ])('%d cents -> %s', (cents, text) => {
    expect(shortBRL(cents)).toBe(text);
  });

  it('say the defaults as the spec does', () => {
    expect(pixDiscountText(defaults)).toBe('5% de desconto no PIX');
    expect(pixDiscountNote(defaults)).toBe('5% de desconto');
    expect(freeShippingText(defaults)).toBe('Frete grátis a partir de R$ 299');
    expect(homeDescription(defaults)).toBe(
      'Joias para piercing de orelha, boca, nariz, sobrancelha, umbigo e mamilo. 5% de desconto no PIX e frete grátis a partir de R$ 299.',
    );
  });

  it('follow other settings', () => {
    const rules = { pix_discount_percent: 10, free_shipping_threshold_cents: 15_000, installments };
    expect(moneyPromises(rules)).toEqual([
      '10% de desconto no PIX',
      'Frete grátis a partir de R$ 150',
    ]);
    expect(homeDescription(rules)).toContain(
      '10% de desconto no PIX e frete grátis a partir de R$ 150.',
    );
  });

  it('promise nothing the settings turned off', () => {
    expect(pixDiscountText(none)).toBeNull();
    expect(pixDiscountNote(none)).toBeNull();
    expect(freeShippingText(none)).toBeNull();
    expect(moneyPromises(none)).toEqual([]);
    expect(homeDescription(none)).toBe(
      'Joias para piercing de orelha, boca, nariz, sobrancelha, umbigo e mamilo.',
    );
    expect(homeDescription({ ...none, free_shipping_threshold_cents: 29_900 })).toMatch(
      /mamilo\. Frete grátis a partir de R\$ 299\.$/,
    );
  });

  it('never name instalments while no card method exists', () => {
    expect(homeDescription(defaults)).not.toMatch(/parcela|sem juros|\dx/i);
  });
});

describe('homeBanners', () => {
  it('shows the four banners with the rules their pictures print', () => {
    expect(homeBanners(DEFAULT_PRICE_RULES)).toHaveLength(4);
  });

  it('leaves out a banner whose printed promise the settings do not make', () => {
    const alts = (rules: Parameters<typeof homeBanners>[0]) =>
      homeBanners(rules).map((banner) => banner.alt);
    expect(alts(none).join(' ')).not.toMatch(/PIX|Frete grátis/);
    expect(alts({ pix_discount_percent: 10, free_shipping_threshold_cents: 29_900 })).toHaveLength(
      3,
    );
    expect(alts(undefined)).toHaveLength(2);
  });
});
