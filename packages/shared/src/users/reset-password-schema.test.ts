import { describe, expect, it } from 'vitest';
import { firstMessage, messagesByPath } from '../test-support/zod-issues.ts';
import {
  resetPasswordError,
  resetPasswordSchema,
  resetTokenSchema,
  withCrossMark,
} from './reset-password-schema.ts';

const RULE = '❌ Senha deve ter pelo menos 8 caracteres, 1 maiúscula, 1 minúscula e 1 número';

describe('resetPasswordError', () => {
  it.each([
    ['', '❌ Preencha a nova senha e a confirmação.'],
    // The register rule and its messages behind the page's cross mark, not the spec's 6 minimum.
    ['Abc12', RULE],
    ['abcdefgh', RULE],
    ['Abcdefg1', undefined],
    ['Çãoé Senha 1', undefined],
    [`Aa1${'x'.repeat(125)}`, undefined],
    [`Aa1${'x'.repeat(126)}`, '❌ Senha deve ter no máximo 128 caracteres'],
    [
      'Abcdefg1\t',
      '❌ Senha não pode ter quebras de linha, tabulações ou outros caracteres de controle',
    ],
    [' Abcdefg1', '❌ Senha não pode começar nem terminar com espaço'],
  ])('%j -> %s', (password, message) => {
    expect(resetPasswordError(password)).toBe(message);
  });
});

describe('resetPasswordSchema', () => {
  it.each([
    [{ password: 'Abcdefg1', password_confirmation: 'Abcdefg1' }, {}],
    [
      { password: 'Abcdefg1', password_confirmation: 'Abcdefg2' },
      { password_confirmation: '❌ As senhas não coincidem.' },
    ],
    [{ password: 'abcdef', password_confirmation: 'abcdef' }, { password: RULE }],
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
