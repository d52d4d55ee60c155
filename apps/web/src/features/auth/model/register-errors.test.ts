import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client.ts';
import { registerErrors } from './register-errors.ts';

const fail = (body: unknown, status = 422) => new ApiError('x', status, body);

describe('registerErrors', () => {
  it('maps each message to the field its keyword names', () => {
    const result = registerErrors(
      fail({
        errors: [
          'Email já está em uso',
          'CPF inválido',
          'Nome deve ter pelo menos 2 palavras e não conter números',
          'Senha deve ter pelo menos 8 caracteres, 1 maiúscula, 1 minúscula e 1 número',
          'Você deve aceitar a Política de Privacidade',
          'Você deve aceitar os Termos de Serviço',
        ],
      }),
    );
    expect(result).toEqual({
      fields: {
        'user.email': 'Email já está em uso',
        'user.cpf': 'CPF inválido',
        'user.name': 'Nome deve ter pelo menos 2 palavras e não conter números',
        'user.password':
          'Senha deve ter pelo menos 8 caracteres, 1 maiúscula, 1 minúscula e 1 número',
        'user.privacy_policy_accepted': 'Você deve aceitar a Política de Privacidade',
        'user.terms_of_service_accepted': 'Você deve aceitar os Termos de Serviço',
      },
      general: [],
    });
  });

  it('puts a message on the field the server files it under, keyword or not', () => {
    const common = 'Esta senha é muito comum. Escolha outra.';
    expect(
      registerErrors(
        fail({
          errors: [common, 'Idade mínima de 13 anos'],
          fields: { 'user.password': [common], 'user.birth_date': ['Idade mínima de 13 anos'] },
        }),
      ),
    ).toEqual({ fields: { 'user.password': common }, general: ['Idade mínima de 13 anos'] });
  });

  it('keeps messages without a keyword, and the address name, as general errors', () => {
    expect(
      registerErrors(
        fail({ errors: ['Idade mínima de 13 anos', 'Nome do endereço é obrigatório'] }),
      ),
    ).toEqual({
      fields: {},
      general: ['Idade mínima de 13 anos', 'Nome do endereço é obrigatório'],
    });
  });

  it('uses the message when there is no errors array', () => {
    expect(registerErrors(fail({ message: 'Muitas tentativas.' }, 429))).toEqual({
      fields: {},
      general: ['Muitas tentativas.'],
    });
  });

  it.each([
    ['an empty body', fail(null, 500)],
    ['an empty errors array', fail({ errors: [] })],
    ['a timeout', new ApiError('Timeout na API', 0)],
    ['a network failure', new TypeError('Failed to fetch')],
  ])('falls back to "Erro ao criar conta" on %s', (_case, error) => {
    expect(registerErrors(error)).toEqual({ fields: {}, general: ['Erro ao criar conta'] });
  });
});
