import { describe, expect, it } from 'vitest';
import { PixBrCodeError } from './emv.ts';
import { parsePixBrCode } from './parse-br-code.ts';

const AMOUNT_EXAMPLE =
  '00020126380014br.gov.bcb.pix0116loja@example.com5204000053039865406123.45' +
  '5802BR5912LOJA EXEMPLO6009SAO PAULO62110507PEDIDO563040626';

describe('parsePixBrCode', () => {
  it('splits the fields and the templates 26 and 62, and checks the CRC', () => {
    expect(parsePixBrCode(AMOUNT_EXAMPLE)).toEqual({
      fields: {
        '00': '01',
        '26': '0014br.gov.bcb.pix0116loja@example.com',
        '52': '0000',
        '53': '986',
        '54': '123.45',
        '58': 'BR',
        '59': 'LOJA EXEMPLO',
        '60': 'SAO PAULO',
        '62': '0507PEDIDO5',
        '63': '0626',
      },
      merchantAccount: { '00': 'br.gov.bcb.pix', '01': 'loja@example.com' },
      additionalData: { '05': 'PEDIDO5' },
      crcValid: true,
    });
  });

  it('reports a changed amount through the CRC', () => {
    const tampered = AMOUNT_EXAMPLE.replace('123.45', '023.45');
    expect(parsePixBrCode(tampered)).toMatchObject({
      fields: { '54': '023.45' },
      crcValid: false,
    });
  });

  it('reports a wrong CRC', () => {
    expect(parsePixBrCode(AMOUNT_EXAMPLE.replace(/0626$/, '0627')).crcValid).toBe(false);
  });

  it.each([
    ['a truncated field', AMOUNT_EXAMPLE.slice(0, 30)],
    ['no CRC field', AMOUNT_EXAMPLE.slice(0, -8)],
    ['a field after the CRC', `${AMOUNT_EXAMPLE}0000`],
    ['a CRC of the wrong length', AMOUNT_EXAMPLE.replace(/6304(0626)$/, '6303062')],
    ['a header that is not digits', `ab${AMOUNT_EXAMPLE}`],
    ['a repeated field', `000201${AMOUNT_EXAMPLE}`],
    ['an empty text', ''],
  ])('throws on %s', (_label, payload) => {
    expect(() => parsePixBrCode(payload)).toThrow(PixBrCodeError);
  });
});
