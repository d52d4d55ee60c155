import { describe, expect, it } from 'vitest';
import { messagesByPath } from '../test-support/zod-issues.ts';
import { createProfileSchema, profileErrorsAlert } from './profile-schema.ts';

const schema = createProfileSchema(() => new Date('2025-06-15T15:00:00Z'));
const PROFILE = { name: 'Ana', email: 'ana@x.com' };

describe('profileSchema', () => {
  it('accepts a minimal profile and fills the country', () => {
    expect(schema.parse(PROFILE)).toEqual({
      name: 'Ana',
      email: 'ana@x.com',
      phone: undefined,
      cpf: undefined,
      birth_date: undefined,
      gender: undefined,
      country: 'Brasil',
    });
  });

  it.each([
    [{ email: 'ana@' }, { email: 'Email inválido' }],
    [{ phone: '119876' }, { phone: 'Telefone inválido (deve ter 10 ou 11 dígitos)' }],
    [{ phone: '(11) 98765-4321' }, {}],
    [{ cpf: '123.456.789-00' }, { cpf: 'CPF inválido' }],
    [{ cpf: '123.456.789-09' }, {}],
    [
      { birth_date: '2025-06-16' },
      { birth_date: 'Data de nascimento inválida (idade deve ser entre 0 e 120 anos)' },
    ],
    [
      { birth_date: '1904-06-15' },
      { birth_date: 'Data de nascimento inválida (idade deve ser entre 0 e 120 anos)' },
    ],
    [{ birth_date: '2025-06-15' }, {}],
    [{ gender: 'feminino' }, {}],
    [{ gender: 'F' }, { gender: expect.any(String) as string }],
    [{ name: '' }, { name: 'Nome é obrigatório' }],
  ])('%j -> %j', (change, messages) => {
    expect(messagesByPath(schema, { ...PROFILE, ...change })).toEqual(messages);
  });
});

describe('profileErrorsAlert', () => {
  it('titles the joined messages', () => {
    expect(profileErrorsAlert(['Email inválido', 'CPF inválido'])).toBe(
      'Erros de validação:\nEmail inválido\nCPF inválido',
    );
  });
});
