import { describe, expect, it } from 'vitest';
import { firstMessage } from '../test-support/zod-issues.ts';
import { EMAIL_MESSAGES, emailSchema, isValidEmail } from './email.ts';

describe('isValidEmail', () => {
  it.each([
    ['ana@example.com', true],
    ['  ana.silva+loja@exemplo.com.br ', true],
    ['ana@example', false],
    ['ana@@example.com', false],
    ['ana example@x.com', false],
    ['@example.com', false],
    ['', false],
    [`${'a'.repeat(250)}@x.com`, false],
  ])('%j -> %s', (email, valid) => {
    expect(isValidEmail(email)).toBe(valid);
  });
});

describe('emailSchema', () => {
  it('trims and lower-cases', () => {
    expect(emailSchema().parse('  Ana@Example.COM ')).toBe('ana@example.com');
  });

  it.each([
    ['', 'Email é obrigatório'],
    ['   ', 'Email é obrigatório'],
    [undefined, 'Email é obrigatório'],
    [null, 'Email é obrigatório'],
    ['ana@', 'Email inválido'],
    ['ana.example.com', 'Email inválido'],
    [`${'a'.repeat(250)}@x.com`, 'Email inválido'],
  ])('%j -> %s', (input, message) => {
    expect(firstMessage(emailSchema(), input)).toBe(message);
  });

  it('uses the screen wording when given', () => {
    expect(firstMessage(emailSchema(EMAIL_MESSAGES.checkoutInvalid), 'x@')).toBe(
      'Por favor, digite um email válido',
    );
  });
});
