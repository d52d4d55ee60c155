import { describe, expect, it } from 'vitest';
import { isValidTrackingCode, s10CheckDigit, shipOrderBodySchema } from './tracking-code.ts';

describe('Correios tracking codes (UPU S10)', () => {
  it('computes the check digit of the reference example', () => {
    expect(s10CheckDigit('47312482')).toBe(9);
    expect(isValidTrackingCode('AA473124829BR')).toBe(true);
  });

  it('maps 10 to 0 and 11 to 5', () => {
    // 00000000: S = 0, C = 11 -> 5. 00000001: S = 7, C = 4.
    expect(s10CheckDigit('00000000')).toBe(5);
    expect(s10CheckDigit('00000001')).toBe(4);
    // 10000001: S = 8 + 7 = 15, 15 mod 11 = 4, C = 7.
    expect(s10CheckDigit('10000001')).toBe(7);
    // 00000101: S = 5 + 7 = 12, 12 mod 11 = 1, C = 10 -> 0.
    expect(s10CheckDigit('00000101')).toBe(0);
  });

  it('refuses a wrong check digit, a wrong country and a wrong shape', () => {
    expect(isValidTrackingCode('AA473124828BR')).toBe(false);
    expect(isValidTrackingCode('AA473124829US')).toBe(false);
    expect(isValidTrackingCode('A1473124829BR')).toBe(false);
    expect(isValidTrackingCode('AA47312482BR')).toBe(false);
  });

  it('normalises case and spaces before checking', () => {
    const parsed = shipOrderBodySchema.safeParse({ tracking_code: ' aa 473124829 br ' });
    expect(parsed.success && parsed.data.tracking_code).toBe('AA473124829BR');
  });

  it('names the problem in pt-BR', () => {
    const empty = shipOrderBodySchema.safeParse({ tracking_code: '' });
    expect(empty.success).toBe(false);
    expect(empty.error?.issues[0]?.message).toBe('Informe o código de rastreio');
    const bad = shipOrderBodySchema.safeParse({ tracking_code: 'AA473124828BR' });
    expect(bad.error?.issues[0]?.message).toMatch(/^Código de rastreio inválido/);
  });
});
