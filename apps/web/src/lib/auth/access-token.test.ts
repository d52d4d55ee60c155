import { describe, expect, it } from 'vitest';
import { accessTokenExpiry, isAccessTokenFresh } from './access-token.ts';
import { fakeAccessToken } from './testing/fake-api.ts';

describe('accessTokenExpiry', () => {
  it('reads exp (seconds) from the payload as milliseconds', () => {
    expect(accessTokenExpiry(fakeAccessToken(1_700_000_000))).toBe(1_700_000_000_000);
  });

  it('decodes base64url payloads with - and _ and non-ASCII text', () => {
    // 'ã' and '?>' give '+' and '/' in plain base64, '-' and '_' in base64url.
    const token = fakeAccessToken(2_000_000_000, { name: 'João ?>?>' });
    expect(token.split('.')[1]).toMatch(/[-_]/);
    expect(accessTokenExpiry(token)).toBe(2_000_000_000_000);
  });

  it.each([
    ['not a token', 'abc'],
    ['two parts', 'a.b'],
    ['payload not JSON', 'a.bm90IGpzb24.c'],
    ['no exp', `a.${btoa('{"sub":"1"}')}.c`],
    ['exp not a number', `a.${btoa('{"exp":"soon"}')}.c`],
  ])('answers null for %s', (_case, token) => {
    expect(accessTokenExpiry(token)).toBeNull();
  });
});

describe('isAccessTokenFresh', () => {
  const now = 1_700_000_000_000;
  it('is fresh until a few seconds before exp', () => {
    expect(isAccessTokenFresh(fakeAccessToken(now / 1000 + 60), now)).toBe(true);
    expect(isAccessTokenFresh(fakeAccessToken(now / 1000 + 3), now)).toBe(false);
    expect(isAccessTokenFresh(fakeAccessToken(now / 1000 - 1), now)).toBe(false);
    expect(isAccessTokenFresh('garbage', now)).toBe(false);
  });
});
