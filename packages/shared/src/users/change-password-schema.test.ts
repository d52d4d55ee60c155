import { describe, expect, it } from 'vitest';
import { messagesByPath } from '../test-support/zod-issues.ts';
import { changePasswordSchema, newPasswordError } from './change-password-schema.ts';

const BODY = {
  current_password: 'antiga1',
  new_password: 'novinha',
  new_password_confirmation: 'novinha',
};

describe('newPasswordError', () => {
  it.each([
    ['', 'Nova senha é obrigatória'],
    ['   ', 'A senha não pode estar vazia'],
    ['       ', 'A senha não pode estar vazia'],
    ['abcde', 'A senha deve ter pelo menos 6 caracteres'],
    ['abcdef', undefined],
    ['a'.repeat(50), undefined],
    ['a'.repeat(51), 'A senha deve ter no máximo 50 caracteres'],
  ])('%j -> %s', (password, message) => {
    expect(newPasswordError(password)).toBe(message);
  });
});

describe('changePasswordSchema', () => {
  it('accepts a valid change', () => {
    expect(changePasswordSchema.parse(BODY)).toEqual(BODY);
  });

  it.each([
    [{ current_password: '' }, { current_password: 'Senha atual é obrigatória' }],
    [{ current_password: undefined }, { current_password: 'Senha atual é obrigatória' }],
    [
      { new_password: '', new_password_confirmation: '' },
      {
        new_password: 'Nova senha é obrigatória',
        new_password_confirmation: 'Confirmação de senha é obrigatória',
      },
    ],
    [
      { new_password: 'abc', new_password_confirmation: 'abc' },
      { new_password: 'A senha deve ter pelo menos 6 caracteres' },
    ],
    [
      { new_password_confirmation: 'outra1' },
      { new_password_confirmation: 'As senhas não coincidem' },
    ],
    [
      { new_password: 'antiga1', new_password_confirmation: 'antiga1' },
      { new_password: 'A nova senha deve ser diferente da senha atual' },
    ],
  ])('%j -> %j', (change, messages) => {
    expect(messagesByPath(changePasswordSchema, { ...BODY, ...change })).toEqual(messages);
  });

  it('keeps the length rule ahead of the difference rule', () => {
    const body = { current_password: 'abc', new_password: 'abc', new_password_confirmation: 'abc' };
    expect(messagesByPath(changePasswordSchema, body)).toEqual({
      new_password: 'A senha deve ter pelo menos 6 caracteres',
    });
  });
});
