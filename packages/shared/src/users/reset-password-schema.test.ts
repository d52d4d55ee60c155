import { describe, expect, it } from 'vitest';
import { firstMessage, messagesByPath } from '../test-support/zod-issues.ts';
import {
  resetPasswordError,
  resetPasswordSchema,
  resetTokenSchema,
  withCrossMark,
} from './reset-password-schema.ts';

describe('resetPasswordError', () => {
  it.each([
    ['', '❌ Preencha a nova senha e a confirmação.'],
    ['abcde', '❌ A senha deve ter no mínimo 6 caracteres.'],
    ['abcdef', undefined],
    ['a'.repeat(51), '❌ A senha deve ter no máximo 50 caracteres.'],
  ])('%j -> %s', (password, message) => {
    expect(resetPasswordError(password)).toBe(message);
  });
});

describe('resetPasswordSchema', () => {
  it.each([
    [{ password: 'abcdef', password_confirmation: 'abcdef' }, {}],
    [
      { password: 'abcdef', password_confirmation: 'abcdeg' },
      { password_confirmation: '❌ As senhas não coincidem.' },
    ],
    [
      { password: 'abc', password_confirmation: 'abc' },
      { password: '❌ A senha deve ter no mínimo 6 caracteres.' },
    ],
    [
      {},
      {
        password: '❌ Preencha a nova senha e a confirmação.',
        password_confirmation: '❌ Preencha a nova senha e a confirmação.',
      },
    ],
  ])('%j -> %j', (body, messages) => {
    expect(messagesByPath(resetPasswordSchema, body)).toEqual(messages);
  });
});

describe('resetTokenSchema', () => {
  it.each([undefined, '', '   ', 'x'.repeat(513)])('rejects %j', (token) => {
    expect(firstMessage(resetTokenSchema, token)).toBe(
      '❌ Link inválido. Solicite uma nova redefinição de senha.',
    );
  });

  it('accepts a token', () => {
    expect(resetTokenSchema.parse(' abc123 ')).toBe('abc123');
  });
});

describe('withCrossMark', () => {
  it.each([
    ['Token expirado', '❌ Token expirado'],
    ['❌ Token expirado', '❌ Token expirado'],
  ])('%j -> %j', (message, shown) => {
    expect(withCrossMark(message)).toBe(shown);
  });
});
