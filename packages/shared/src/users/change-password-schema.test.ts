import { describe, expect, it } from 'vitest';
import { messagesByPath } from '../test-support/zod-issues.ts';
import { changePasswordSchema, newPasswordError } from './change-password-schema.ts';

const RULE = 'Senha deve ter pelo menos 8 caracteres, 1 maiúscula, 1 minúscula e 1 número';

const BODY = {
  current_password: 'antiga1',
  new_password: 'Novinha1',
  new_password_confirmation: 'Novinha1',
};

describe('newPasswordError', () => {
  it.each([
    ['', 'Nova senha é obrigatória'],
    ['   ', 'A senha não pode estar vazia'],
    ['          ', 'A senha não pode estar vazia'],
    // The register rule and its messages, not the spec's 6 to 50 characters.
    ['Abc12', RULE],
    ['abcdef', RULE],
    ['novinha12', RULE],
    ['Novinha1', undefined],
    ['Çãoé Senha 1', undefined],
    [`Aa1${'x'.repeat(125)}`, undefined],
    [`Aa1${'x'.repeat(126)}`, 'Senha deve ter no máximo 128 caracteres'],
    [
      'Novinha1\n',
      'Senha não pode ter quebras de linha, tabulações ou outros caracteres de controle',
    ],
    ['Novinha1 ', 'Senha não pode começar nem terminar com espaço'],
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
    [{ new_password: 'abc', new_password_confirmation: 'abc' }, { new_password: RULE }],
    [
      { new_password_confirmation: 'Outra123' },
      { new_password_confirmation: 'As senhas não coincidem' },
    ],
    [
      {
        current_password: 'Antiga12',
        new_password: 'Antiga12',
        new_password_confirmation: 'Antiga12',
      },
      { new_password: 'A nova senha deve ser diferente da senha atual' },
    ],
  ])('%j -> %j', (change, messages) => {
    expect(messagesByPath(changePasswordSchema, { ...BODY, ...change })).toEqual(messages);
  });

  it('keeps the password rule ahead of the difference rule', () => {
    const body = { current_password: 'abc', new_password: 'abc', new_password_confirmation: 'abc' };
    expect(messagesByPath(changePasswordSchema, body)).toEqual({ new_password: RULE });
  });
});
