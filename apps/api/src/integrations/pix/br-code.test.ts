import { describe, expect, it } from 'vitest';
import {
  encodePixBrCode,
  formatPixAmount,
  normaliseMerchantText,
  type PixBrCodeInput,
} from './br-code.ts';
import { PixBrCodeError } from './emv.ts';
import { parsePixBrCode } from './parse-br-code.ts';

// REFERENCE.md, PIX BR Code: the Banco Central manual's example and one with an amount.
const BCB_EXAMPLE =
  '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-426655440000' +
  '5204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D';
const AMOUNT_EXAMPLE =
  '00020126380014br.gov.bcb.pix0116loja@example.com5204000053039865406123.45' +
  '5802BR5912LOJA EXEMPLO6009SAO PAULO62110507PEDIDO563040626';

function createPixInput(overrides: Partial<PixBrCodeInput> = {}): PixBrCodeInput {
  return {
    pixKey: 'loja@example.com',
    merchantName: 'LOJA EXEMPLO',
    merchantCity: 'SAO PAULO',
    amountCents: 12345,
    txid: 'PEDIDO5',
    ...overrides,
  };
}

describe('encodePixBrCode: published vectors', () => {
  it('reproduces the Banco Central example byte for byte (CRC 1D3D)', () => {
    const payload = encodePixBrCode({
      pixKey: '123e4567-e12b-12d1-a456-426655440000',
      merchantName: 'Fulano de Tal',
      merchantCity: 'BRASILIA',
      amountCents: null,
      txid: null,
      singleUse: false,
    });
    expect(payload).toBe(BCB_EXAMPLE);
  });

  it('reproduces the example with an amount and a CRC starting with zero (0626)', () => {
    expect(encodePixBrCode(createPixInput({ singleUse: false }))).toBe(AMOUNT_EXAMPLE);
  });
});

describe('encodePixBrCode', () => {
  it('marks the code single-use (01 = 12) by default, right after the format indicator', () => {
    const payload = encodePixBrCode(createPixInput());
    expect(payload.startsWith('000201' + '010212' + '2638')).toBe(true);
    expect(parsePixBrCode(payload)).toMatchObject({ fields: { '01': '12' }, crcValid: true });
  });

  it('puts the message to the payer in 26.02', () => {
    const payload = encodePixBrCode(createPixInput({ description: 'Pedido nº 42 – Lúmina' }));
    expect(parsePixBrCode(payload).merchantAccount).toEqual({
      '00': 'br.gov.bcb.pix',
      '01': 'loja@example.com',
      '02': 'Pedido no 42 Lumina',
    });
  });

  it('leaves 26.02 out when the message has nothing printable', () => {
    const payload = encodePixBrCode(createPixInput({ description: ' 🛍️ ' }));
    expect(parsePixBrCode(payload).merchantAccount['02']).toBeUndefined();
  });

  it('writes the name and city without accents, cut to 25 and 15 characters', () => {
    const payload = encodePixBrCode(
      createPixInput({
        merchantName: 'Lúmina Piercings e Joias Ltda',
        merchantCity: 'São José dos Campos',
      }),
    );
    expect(parsePixBrCode(payload).fields).toMatchObject({
      '59': 'Lumina Piercings e Joias',
      '60': 'Sao Jose dos Ca',
    });
  });

  it.each<[string, Partial<PixBrCodeInput>, RegExp]>([
    ['an unknown key', { pixKey: 'not-a-key' }, /PIX key must be/],
    ['a zero amount', { amountCents: 0 }, /positive integer of cents/],
    ['a negative amount', { amountCents: -100 }, /positive integer of cents/],
    ['a fraction of a cent', { amountCents: 10.5 }, /positive integer of cents/],
    ['an amount past 13 characters', { amountCents: 1_000_000_000_000 }, /longer than 13/],
    ['a txid with a dash', { txid: 'PEDIDO-5' }, /txid must be 1 to 25 letters or digits/],
    ['a txid of 26 characters', { txid: 'A'.repeat(26) }, /txid/],
    ['an empty txid', { txid: '' }, /txid/],
    ['a name with nothing printable', { merchantName: '  ☺ ' }, /merchant name/],
    ['an empty city', { merchantCity: '' }, /merchant city/],
    [
      'a message that does not fit beside the key',
      { pixKey: '123e4567-e12b-12d1-a456-426655440000', description: 'x'.repeat(38) },
      /at most 37 characters/,
    ],
  ])('refuses %s', (_label, overrides, message) => {
    const encode = () => encodePixBrCode(createPixInput(overrides));
    expect(encode).toThrow(PixBrCodeError);
    expect(encode).toThrow(message);
  });

  it('accepts the longest message that fits beside the key', () => {
    const input = createPixInput({
      pixKey: '123e4567-e12b-12d1-a456-426655440000',
      description: 'x'.repeat(37),
    });
    expect(parsePixBrCode(encodePixBrCode(input)).fields['26']).toHaveLength(99);
  });
});

describe('formatPixAmount', () => {
  it.each([
    [1, '0.01'],
    [10, '0.10'],
    [100, '1.00'],
    [120, '1.20'],
    [12345, '123.45'],
    [999_999_999_999, '9999999999.99'],
  ])('%d cents -> %s', (cents, text) => {
    expect(formatPixAmount(cents)).toBe(text);
  });
});

describe('normaliseMerchantText', () => {
  it.each([
    ['Fulano de Tal', 'Fulano de Tal'],
    ['  JOÃO   DA\tSILVA  ', 'JOAO DA SILVA'],
    ['Ação Ñandú Über', 'Acao Nandu Uber'],
    ['Ｌｕｍｉｎａ', 'Lumina'],
    ['Straße 😀', 'Strae'],
  ])('%j -> %j', (text, ascii) => {
    expect(normaliseMerchantText(text, 25)).toBe(ascii);
  });

  it('does not end in a space after cutting', () => {
    expect(normaliseMerchantText('Lumina Piercings e Joias Finas', 25)).toBe(
      'Lumina Piercings e Joias',
    );
  });
});
