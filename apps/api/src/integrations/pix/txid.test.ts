import { describe, expect, it } from 'vitest';
import { encodePixBrCode } from './br-code.ts';
import { parsePixBrCode } from './parse-br-code.ts';
import { createTxid } from './txid.ts';

describe('createTxid', () => {
  it('makes 25 letters and digits, different every time', () => {
    const txids = Array.from({ length: 2000 }, createTxid);
    for (const txid of txids) expect(txid).toMatch(/^[A-Za-z0-9]{25}$/);
    expect(new Set(txids).size).toBe(txids.length);
  });

  it('draws from the whole alphabet', () => {
    const seen = new Set(Array.from({ length: 400 }, createTxid).join(''));
    expect(seen.size).toBe(62);
  });

  it('is accepted by the encoder as field 62.05', () => {
    const txid = createTxid();
    const payload = encodePixBrCode({
      pixKey: 'loja@example.com',
      merchantName: 'Lumina',
      merchantCity: 'Sao Paulo',
      amountCents: 100,
      txid,
    });
    expect(parsePixBrCode(payload).additionalData).toEqual({ '05': txid });
  });
});
