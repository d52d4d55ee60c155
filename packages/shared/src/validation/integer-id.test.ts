import { describe, expect, it } from 'vitest';
import { INTEGER_ID_MAX, parseIntegerId } from './integer-id.ts';

describe('parseIntegerId', () => {
  it.each([
    ['1', 1],
    ['42', 42],
    [String(INTEGER_ID_MAX), INTEGER_ID_MAX],
  ])('reads %s', (raw, id) => {
    expect(parseIntegerId(raw)).toBe(id);
  });

  it.each([undefined, '', '0', '-1', '1.5', '1e3', ' 1', 'abc', '2147483648', '99999999999'])(
    'refuses %j',
    (raw) => {
      expect(parseIntegerId(raw)).toBeNull();
    },
  );
});
