/** Google sign-in error codes from the `error` query param and their texts (spec 000 §8). */
export const GOOGLE_SIGN_IN_ERRORS: Readonly<Record<string, string>> = {
  access_denied: 'Login cancelado pelo usuário',
  invalid_request: 'Erro na configuração do login',
  unauthorized_client: 'Aplicação não autorizada',
  unsupported_response_type: 'Erro interno do sistema',
  invalid_scope: 'Permissões inválidas',
  server_error: 'Serviço temporariamente indisponível',
  temporarily_unavailable: 'Serviço indisponível, tente novamente',
  email_not_verified: 'Email não verificado pelo Google',
  domain_not_allowed: 'Domínio de email não permitido',
  user_creation_failed: 'Erro ao criar conta de usuário',
  session_creation_failed: 'Erro ao criar sessão',
  // Ours: GET /api/auth/google sends this when the store has no Google client configured.
  google_not_configured: 'Login com Google não está configurado nesta loja.',
};

// The code comes from the address bar; cap it so a crafted link cannot fill the screen.
const MAX_CODE_SHOWN = 60;

export function googleSignInErrorMessage(code: string): string {
  // hasOwn keeps 'constructor' and friends from reading the prototype.
  const known = Object.hasOwn(GOOGLE_SIGN_IN_ERRORS, code)
    ? GOOGLE_SIGN_IN_ERRORS[code]
    : undefined;
  return known ?? `Erro inesperado: ${code.slice(0, MAX_CODE_SHOWN)}`;
}
