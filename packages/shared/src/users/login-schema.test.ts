import { describe, expect, it } from 'vitest';
import { messagesByPath } from '../test-support/zod-issues.ts';
import { forgotPasswordSchema, loginSchema } from './login-schema.ts';

describe('loginSchema', () => {
  it('accepts a valid e-mail and any non-empty password', () => {
    expect(loginSchema.parse({ email: ' Ana@X.com ', password: 'x' })).toEqual({
      email: 'ana@x.com',
      password: 'x',
    });
  });

  it.each([
    [{ email: '', password: 'x' }, { email: 'Email é obrigatório' }],
    [{ email: 'ana', password: 'x' }, { email: 'Email inválido' }],
    [{ email: 'ana@x.com', password: '' }, { password: 'Senha é obrigatória' }],
    [{ email: 'ana@x.com' }, { password: 'Senha é obrigatória' }],
    [{ email: 'ana@x.com', password: 'x'.repeat(129) }, { password: 'Email ou senha inválidos' }],
  ])('%j -> %j', (body, messages) => {
    expect(messagesByPath(loginSchema, body)).toEqual(messages);
  });
});

describe('forgotPasswordSchema', () => {
  it.each([
    [{ email: 'ana@x.com' }, {}],
    [{ email: '' }, { email: 'Email é obrigatório' }],
    [{}, { email: 'Email é obrigatório' }],
    [{ email: 'ana@x' }, { email: 'Email inválido' }],
  ])('%j -> %j', (body, messages) => {
    expect(messagesByPath(forgotPasswordSchema, body)).toEqual(messages);
  });
});
