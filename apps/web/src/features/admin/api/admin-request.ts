import { ApiError, apiRequest, type RequestOptions } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/ui-events.ts';

/** Spec 001 §9: the administrator's calls wait 15 s and retry network failures 3 times. */
export const ADMIN_TIMEOUT_MS = 15_000;
export const ADMIN_RETRIES = 3;
export const ADMIN_RETRY_STEP_MS = 1_000;

export const ADMIN_MESSAGES = {
  sessionExpired: 'Sessão expirada. Faça login novamente.',
  restricted: 'Acesso restrito! Apenas administradores podem acessar esta página.',
  waitingAuth: 'Aguardando inicialização da autenticação...',
  timeout: 'Timeout na requisição',
} as const;

/** A failure that never reached the API (offline, connection reset): worth another try. */
function isNetworkFailure(error: unknown): boolean {
  return error instanceof TypeError || (error instanceof ApiError && error.status === 0);
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The admin panel's API client (spec 001 §7, §8): the app's one client with a 15 s timeout,
 * up to 3 retries of network failures after 1 s, 2 s and 3 s, and a 401 said as an expired
 * session (the auth session has then been cleared and the guard sends the visitor away).
 * Answers the server refused are not retried: an action is applied once.
 */
export async function adminRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await apiRequest<T>(path, { ...options, timeoutMs: ADMIN_TIMEOUT_MS });
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) {
        notify(ADMIN_MESSAGES.sessionExpired, 'error');
        throw error;
      }
      // A timed-out POST may have been applied: only reads are retried after a timeout.
      const timedOut = error instanceof ApiError && error.status === 0;
      const retry =
        isNetworkFailure(error) &&
        attempt < ADMIN_RETRIES &&
        !(timedOut && options.method && options.method !== 'GET') &&
        !options.signal?.aborted;
      if (!retry) {
        if (timedOut) throw new ApiError(ADMIN_MESSAGES.timeout, 0);
        throw error;
      }
      await wait(ADMIN_RETRY_STEP_MS * (attempt + 1));
    }
  }
}
