import { describe, expect, it } from 'vitest';
import type { InstalmentRules } from './card-instalments.ts';
import {
  instalmentOptions,
  instalmentsAllowed,
  instalmentsRefusal,
  paymentStatusMessage,
} from './card-rules.ts';

const rules: InstalmentRules = { max: 6, interest_free: 3, min_installment_cents: 1000 };

describe('instalment options', () => {
  it('go up to max, the first interest_free without interest', () => {
    const options = instalmentOptions(30000, rules);
    expect(options.map((option) => option.installments)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(options.filter((option) => option.interestFree).map((o) => o.installments)).toEqual([
      1, 2, 3,
    ]);
    expect(options[2]?.text).toBe('3x de R$ 100,00 sem juros');
    expect(options[3]?.text).toBe('4x com juros');
  });

  it('stop where an instalment would be smaller than the minimum', () => {
    // R$ 35,00 with instalments of at least R$ 10,00: 3x at most.
    expect(instalmentOptions(3500, rules).map((option) => option.installments)).toEqual([1, 2, 3]);
    expect(instalmentOptions(900, rules).map((option) => option.installments)).toEqual([1]);
  });

  it('round each instalment half up to a cent', () => {
    expect(instalmentOptions(10000, rules)[2]?.text).toBe('3x de R$ 33,33 sem juros');
    expect(instalmentOptions(20000, rules)[2]?.instalmentCents).toBe(6667);
  });

  it('allow only the listed counts', () => {
    expect(instalmentsAllowed(3, 30000, rules)).toBe(true);
    expect(instalmentsAllowed(7, 30000, rules)).toBe(false);
    expect(instalmentsAllowed(0, 30000, rules)).toBe(false);
    expect(instalmentsAllowed(2.5, 30000, rules)).toBe(false);
    expect(instalmentsAllowed(4, 3500, rules)).toBe(false);
    expect(instalmentsAllowed(1, 100, rules)).toBe(true);
  });

  it('a refusal names the counts allowed', () => {
    expect(instalmentsRefusal(30000, rules)).toBe('Escolha de 1 a 6 parcelas para este valor.');
    expect(instalmentsRefusal(900, rules)).toBe('Este valor só pode ser pago à vista no cartão.');
  });

  it('one interest-free instalment when the rules allow none free', () => {
    const options = instalmentOptions(30000, { ...rules, interest_free: 0 });
    expect(options[0]).toMatchObject({ installments: 1, interestFree: true });
    expect(options[1]?.interestFree).toBe(false);
  });
});

describe('payment status messages', () => {
  it.each([
    ['rejected', 'cc_rejected_insufficient_amount', 'Saldo insuficiente no cartão.'],
    ['rejected', 'cc_rejected_bad_filled_security_code', 'Código de segurança inválido.'],
    [
      'rejected',
      'cc_rejected_call_for_authorize',
      'Ligue para o banco emissor para autorizar o pagamento.',
    ],
    ['approved', 'accredited', 'Pagamento aprovado.'],
    [
      'rejected',
      'cc_rejected_something_new',
      'O pagamento foi recusado. Tente de novo ou use outro meio.',
    ],
    ['in_process', null, 'O pagamento está em análise.'],
  ])('%s/%s -> %s', (status, detail, message) => {
    expect(paymentStatusMessage(status, detail)).toBe(message);
  });
});
