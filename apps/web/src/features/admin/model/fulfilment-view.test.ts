import { describe, expect, it } from 'vitest';
import { createInvoice, createLabel } from '../testing/admin-fixtures.tsx';
import { canBuyLabel, canIssueInvoice, groupAccessKey } from './fulfilment-view.ts';

const paid = { status: 'processing' } as const;

describe('canBuyLabel', () => {
  it('offers a label to a paid order not yet shipped without a live one', () => {
    expect(canBuyLabel(paid, null)).toBe(true);
    expect(canBuyLabel(paid, createLabel({ state: 'canceled' }))).toBe(true);
    expect(canBuyLabel(paid, createLabel({ state: 'generated' }))).toBe(false);
    expect(canBuyLabel({ status: 'pending' }, null)).toBe(false);
    expect(canBuyLabel({ status: 'shipped' }, null)).toBe(false);
    expect(canBuyLabel({ status: 'cancelled' }, null)).toBe(false);
  });

  it('offers it again when a purchase stopped on an error, not while one runs', () => {
    for (const state of ['claimed', 'carted', 'paid'] as const) {
      expect(
        canBuyLabel(paid, createLabel({ state, last_error: 'O Melhor Envio não respondeu.' })),
      ).toBe(true);
      expect(canBuyLabel(paid, createLabel({ state, last_error: null }))).toBe(false);
    }
    expect(canBuyLabel(paid, createLabel({ state: 'generated', last_error: 'x' }))).toBe(false);
  });
});

describe('canIssueInvoice', () => {
  it('offers the NF-e of a paid order without one, or after a rejection', () => {
    for (const status of ['processing', 'shipped', 'delivered'] as const) {
      expect(canIssueInvoice({ status }, null)).toBe(true);
    }
    expect(canIssueInvoice({ status: 'pending' }, null)).toBe(false);
    expect(canIssueInvoice({ status: 'refunded' }, null)).toBe(false);
    expect(canIssueInvoice(paid, createInvoice({ state: 'rejected' }))).toBe(true);
    expect(canIssueInvoice(paid, createInvoice({ state: 'authorised' }))).toBe(false);
    expect(canIssueInvoice(paid, createInvoice({ state: 'denied' }))).toBe(false);
  });

  it('offers it again when the request never reached Bling', () => {
    expect(canIssueInvoice(paid, createInvoice({ state: 'requesting', last_error: 'x' }))).toBe(
      true,
    );
    expect(canIssueInvoice(paid, createInvoice({ state: 'requesting', last_error: null }))).toBe(
      false,
    );
  });
});

describe('groupAccessKey', () => {
  it('writes the 44 digits in 11 blocks of 4', () => {
    expect(groupAccessKey('35261112345678000195550010000012341000012345')).toBe(
      '3526 1112 3456 7800 0195 5500 1000 0012 3410 0001 2345',
    );
    expect(groupAccessKey('3526 1112-3456')).toBe('3526 1112 3456');
  });
});
