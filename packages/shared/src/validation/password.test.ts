import { describe, expect, it } from 'vitest';
import { isValidRegisterPassword, registerPasswordError } from './password.ts';

const RULE = 'Senha deve ter pelo menos 8 caracteres, 1 maiúscula, 1 minúscula e 1 número';

describe('register password rule', () => {
  it.each([
    ['Abcdefg1', undefined],
    ['Senha@123', undefined],
    ['Aa1@$!%*?&', undefined],
    ['Abcdef1', RULE],
    ['abcdefg1', RULE],
    ['ABCDEFG1', RULE],
    ['Abcdefgh', RULE],
    ['Abcdefg 1', RULE],
    ['Abcdefg1#', RULE],
    ['Ábcdefg1', RULE],
    [`Aa1${'x'.repeat(126)}`, RULE],
    ['', 'Senha é obrigatória'],
  ])('%j -> %s', (password, message) => {
    expect(registerPasswordError(password)).toBe(message);
    expect(isValidRegisterPassword(password)).toBe(message === undefined);
  });

  it('accepts up to 128 characters', () => {
    expect(registerPasswordError(`Aa1${'x'.repeat(125)}`)).toBeUndefined();
  });
});
