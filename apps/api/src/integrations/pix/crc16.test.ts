import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { crc16ccitt } from './crc16.ts';

describe('crc16ccitt', () => {
  it.each([
    ['123456789', '29B1'],
    ['', 'FFFF'],
    ['A', 'B915'],
  ])('%j -> %s', (text, crc) => {
    expect(crc16ccitt(text)).toBe(crc);
  });

  it('always writes four upper-case hex digits', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 64 }), (text) => {
        expect(crc16ccitt(text)).toMatch(/^[0-9A-F]{4}$/);
      }),
    );
  });

  it('detects any one changed ASCII character', () => {
    const textAndChange = fc
      .string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map(String.fromCharCode), minLength: 1 })
      .chain((text) =>
        fc.tuple(
          fc.constant(text),
          fc.nat(text.length - 1),
          fc.integer({ min: 0x20, max: 0x7e }).map(String.fromCharCode),
        ),
      )
      .filter(([text, at, char]) => text[at] !== char);
    fc.assert(
      fc.property(textAndChange, ([text, at, char]) => {
        const changed = text.slice(0, at) + char + text.slice(at + 1);
        expect(crc16ccitt(changed)).not.toBe(crc16ccitt(text));
      }),
    );
  });
});
