import { passwordRuleError } from '@lumina/shared/validation/password';
import { describe, expect, it } from 'vitest';
import { isCommonPassword, lookupForms } from './common-passwords.ts';

describe('isCommonPassword', () => {
  // Each passes the register rule, so only the list stands between it and an account.
  it.each([
    ['in the list, whatever the case', 'Senha123'],
    ['in the list with the case swapped', 'pASSWORD1'],
    ['in the list once the symbols go', 'Senha@123'],
    ['in the list once the spaces go', 'Senha 123'],
    ['in the list once the accents go', 'Sénha123'],
    ['a listed word and "1"', 'Flamengo1'],
    ['a listed word and "12!"', 'Palmeiras12!'],
    ['a listed word and "123"', 'Brasil123'],
    ['a listed word and a run of the digit row', 'Princesa1234'],
    ['a listed word and a backwards run', 'Gatinha54321'],
    ['a listed word and a repeated digit', 'Vitoria0000'],
    ['a listed word in full-width letters', 'Ｓｅｎｈａ１２３'],
  ])('refuses %s: %j', async (_case, password) => {
    expect(passwordRuleError(password)).toBeUndefined();
    expect(await isCommonPassword(password)).toBe(true);
  });

  it.each([
    ['a passphrase', 'Çãoé Senha 1'],
    ['an uncommon word and digits', 'Segura123'],
    ['a listed word and a year', 'Piercing2025'],
    ['a listed word and digits that are no run', 'Brasil4719'],
    ['a listed word inside a longer one', 'NovaSenha2026'],
    ['a random one', 'Adm3f9c1e7a0b2d4c6e89a'],
  ])('accepts %s: %j', async (_case, password) => {
    expect(passwordRuleError(password)).toBeUndefined();
    expect(await isCommonPassword(password)).toBe(false);
  });
});

describe('lookupForms', () => {
  it('tries the lower-case password, its letters and digits, and the word before trivial digits', () => {
    expect(lookupForms('Flamengo 12!')).toEqual(['flamengo 12!', 'flamengo12', 'flamengo']);
  });

  it('keeps a year and other digits that are not trivial', () => {
    expect(lookupForms('Piercing2025')).toEqual(['piercing2025', 'piercing2025']);
  });

  it('never looks up the empty word of a password made of digits', () => {
    expect(lookupForms('1234')).toEqual(['1234', '1234']);
  });
});
