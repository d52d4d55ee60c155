import { describe, expect, it } from 'vitest';
import { completeAddressOrUndefined } from '../addresses/address-schema.ts';
import { messagesByPath } from '../test-support/zod-issues.ts';
import { createRegisterSchema } from './register-schema.ts';

const schema = createRegisterSchema(() => new Date('2025-06-15T15:00:00Z'));

function createRegisterBody(user: Record<string, unknown> = {}, address?: unknown) {
  return {
    user: {
      name: 'Ana Souza',
      email: 'Ana@Example.com',
      password: 'Senha@123',
      password_confirmation: 'Senha@123',
      cpf: '529.982.247-25',
      phone: '(11) 98765-4321',
      gender: 'F',
      birth_date: '1995-04-20',
      privacy_policy_accepted: true,
      terms_of_service_accepted: true,
      ...user,
    },
    ...(address === undefined ? {} : { address }),
  };
}

const ADDRESS = {
  street: 'Rua Augusta',
  number: '1500',
  complement: '',
  neighborhood: 'Consolação',
  city: 'São Paulo',
  state: 'sp',
  zip_code: '01310-100',
};

describe('registerSchema', () => {
  it('accepts a full body and normalises it', () => {
    expect(schema.parse(createRegisterBody({}, ADDRESS))).toEqual({
      user: {
        name: 'Ana Souza',
        email: 'ana@example.com',
        password: 'Senha@123',
        password_confirmation: 'Senha@123',
        cpf: '52998224725',
        phone: '11987654321',
        gender: 'F',
        birth_date: '1995-04-20',
        privacy_policy_accepted: true,
        terms_of_service_accepted: true,
        marketing_consent: false,
        data_processing_consent: false,
      },
      address: {
        name: 'Endereço Principal',
        street: 'Rua Augusta',
        number: '1500',
        complement: undefined,
        neighborhood: 'Consolação',
        city: 'São Paulo',
        state: 'SP',
        zip_code: '01310100',
      },
    });
  });

  it('accepts its own output unchanged, so the API can parse what the form sent', () => {
    const once = schema.parse(createRegisterBody({}, ADDRESS));
    expect(schema.parse(once)).toEqual(once);
  });

  it('treats optional fields left blank as absent', () => {
    const parsed = schema.parse(
      createRegisterBody({
        cpf: '',
        phone: '',
        gender: '',
        birth_date: '',
        marketing_consent: true,
      }),
    );
    expect(parsed.user).toMatchObject({
      cpf: undefined,
      phone: undefined,
      gender: undefined,
      birth_date: undefined,
      marketing_consent: true,
    });
  });

  it.each([
    ['name', { name: '' }, 'Nome é obrigatório'],
    ['name', { name: undefined }, 'Nome é obrigatório'],
    ['name', { name: 'Ana' }, 'Nome deve ter pelo menos 2 palavras e não conter números'],
    ['email', { email: '' }, 'Email é obrigatório'],
    ['email', { email: 'ana@' }, 'Email inválido'],
    ['password', { password: '' }, 'Senha é obrigatória'],
    [
      'password',
      { password: 'senha123', password_confirmation: 'senha123' },
      'Senha deve ter pelo menos 8 caracteres, 1 maiúscula, 1 minúscula e 1 número',
    ],
    ['password_confirmation', { password_confirmation: '' }, 'Confirmação de senha é obrigatória'],
    ['password_confirmation', { password_confirmation: 'Senha@124' }, 'Senhas não coincidem'],
    ['cpf', { cpf: '529.982.247-24' }, 'CPF inválido'],
    ['cpf', { cpf: '111.111.111-11' }, 'CPF inválido'],
    ['phone', { phone: '(11) 9876' }, 'Telefone deve ter 10 ou 11 dígitos'],
    ['gender', { gender: 'X' }, undefined],
    ['birth_date', { birth_date: '2015-01-01' }, 'Idade mínima de 13 anos'],
    ['birth_date', { birth_date: '1900-01-01' }, 'Data de nascimento inválida'],
    ['birth_date', { birth_date: '2026-01-01' }, 'Data de nascimento inválida'],
    [
      'privacy_policy_accepted',
      { privacy_policy_accepted: false },
      'Você deve aceitar a Política de Privacidade',
    ],
    [
      'privacy_policy_accepted',
      { privacy_policy_accepted: undefined },
      'Você deve aceitar a Política de Privacidade',
    ],
    [
      'terms_of_service_accepted',
      { terms_of_service_accepted: false },
      'Você deve aceitar os Termos de Serviço',
    ],
  ])('%s: %j -> %s', (field, user, message) => {
    const messages = messagesByPath(schema, createRegisterBody(user));
    if (message === undefined) {
      expect(messages[`user.${field}`]).toBeTypeOf('string');
    } else {
      expect(messages[`user.${field}`]).toBe(message);
    }
  });

  describe('password (any printable character, at most 128)', () => {
    const withPassword = (password: string) =>
      createRegisterBody({ password, password_confirmation: password });

    it.each([
      ['128 characters', `Aa1${'x'.repeat(125)}`],
      ['accents and spaces', 'Çãoé Senha 1'],
      ['symbols outside @$!%*?&', 'Segura12#~'],
    ])('accepts %s', (_case, password) => {
      expect(schema.parse(withPassword(password)).user.password).toBe(password);
    });

    it.each([
      ['129 characters', `Aa1${'x'.repeat(126)}`, 'Senha deve ter no máximo 128 caracteres'],
      [
        'a control character',
        'Segura\u000712',
        'Senha não pode ter quebras de linha, tabulações ou outros caracteres de controle',
      ],
      [
        'a line break',
        'Segura12\nabc',
        'Senha não pode ter quebras de linha, tabulações ou outros caracteres de controle',
      ],
      ['a space at the end', 'Segura12 ', 'Senha não pode começar nem terminar com espaço'],
    ])('refuses %s', (_case, password, message) => {
      expect(messagesByPath(schema, withPassword(password))).toEqual({ 'user.password': message });
    });
  });

  it('reports one message per field', () => {
    const result = schema.safeParse(
      createRegisterBody({ password: 'abc', password_confirmation: 'x' }),
    );
    const paths = result.error?.issues.map((issue) => issue.path.join('.'));
    expect(paths).toEqual(['user.password', 'user.password_confirmation']);
  });

  it('validates an address block that is sent', () => {
    const messages = messagesByPath(
      schema,
      createRegisterBody({}, { ...ADDRESS, zip_code: '0131' }),
    );
    expect(messages['address.zip_code']).toBe('CEP deve ter 8 dígitos');
  });
});

describe('completeAddressOrUndefined', () => {
  it('keeps a block whose six required fields are filled', () => {
    expect(completeAddressOrUndefined(ADDRESS)).toBe(ADDRESS);
  });

  it.each(['street', 'number', 'neighborhood', 'city', 'state', 'zip_code'])(
    'drops the block when %s is blank',
    (field) => {
      expect(completeAddressOrUndefined({ ...ADDRESS, [field]: '  ' })).toBeUndefined();
      expect(completeAddressOrUndefined({ ...ADDRESS, [field]: undefined })).toBeUndefined();
    },
  );

  it('does not need the complement or the name', () => {
    expect(completeAddressOrUndefined({ ...ADDRESS, complement: undefined })).toBeDefined();
  });

  it('treats no block as no address', () => {
    expect(completeAddressOrUndefined(null)).toBeUndefined();
    expect(completeAddressOrUndefined(undefined)).toBeUndefined();
  });
});
