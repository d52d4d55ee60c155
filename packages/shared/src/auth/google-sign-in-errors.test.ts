import { describe, expect, it } from 'vitest';
import { googleSignInErrorMessage } from './google-sign-in-errors.ts';

describe('googleSignInErrorMessage', () => {
  it.each([
    ['access_denied', 'Login cancelado pelo usuário'],
    ['invalid_request', 'Erro na configuração do login'],
    ['unauthorized_client', 'Aplicação não autorizada'],
    ['unsupported_response_type', 'Erro interno do sistema'],
    ['invalid_scope', 'Permissões inválidas'],
    ['server_error', 'Serviço temporariamente indisponível'],
    ['temporarily_unavailable', 'Serviço indisponível, tente novamente'],
    ['email_not_verified', 'Email não verificado pelo Google'],
    ['domain_not_allowed', 'Domínio de email não permitido'],
    ['user_creation_failed', 'Erro ao criar conta de usuário'],
    ['session_creation_failed', 'Erro ao criar sessão'],
    ['google_not_configured', 'Login com Google não está configurado nesta loja.'],
    ['weird_code', 'Erro inesperado: weird_code'],
    ['constructor', 'Erro inesperado: constructor'],
    ['', 'Erro inesperado: '],
  ])('%j -> %s', (code, message) => {
    expect(googleSignInErrorMessage(code)).toBe(message);
  });

  it('caps a crafted code', () => {
    expect(googleSignInErrorMessage('x'.repeat(500))).toHaveLength('Erro inesperado: '.length + 60);
  });
});
