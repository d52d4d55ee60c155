import {
  ApiError,
  apiClientHooks,
  apiRequest,
  type RequestOptions,
} from '../../../lib/api-client.ts';
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
  notAuthenticated: 'Usuário não autenticado',
  cachedData: 'Usando dados em cache devido ao erro',
} as const;

/** Spec 001 §9: the security dashboard's cache (the products' and stats' are in catalog.ts). */
export const ADMIN_SECURITY_STALE_MS = 60_000;

let sessionExpiredAt = Number.NEGATIVE_INFINITY;

/**
 * True just after an admin call found the session expired: the guard, which then sends the
 * visitor to /minha-conta, says that instead of 'Acesso restrito'.
 */
export function sessionJustExpired(now = Date.now()): boolean {
  return now - sessionExpiredAt < 10_000;
}

/** Spec 001 §8: a refusal without the server's own words reads 'HTTP {status}: {text}'. */
function withStatusText(error: ApiError): ApiError {
  if (error.serverMessage || error.status < 400) return error;
  const text = error.statusText || 'Erro';
  return new ApiError(`HTTP ${error.status}: ${text}`, error.status, error.body, error.statusText);
}

/** A failure that never reached the API (offline, connection reset): worth another try. */
function isNetworkFailure(error: unknown): boolean {
  return error instanceof TypeError || (error instanceof ApiError && error.status === 0);
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The admin panel's API client (spec 001 §7, §8): the app's one client with a 15 s timeout,
 * up to 3 retries of network failures after 1 s, 2 s and 3 s, a 401 said as an expired
 * session (the auth session has then been cleared and the guard sends the visitor away), and
 * other refusals in the server's words or as 'HTTP {status}: {text}'.
 * Answers the server refused are not retried: an action is applied once.
 */
export async function adminRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  // No credentials at all: nothing to send (the guard normally keeps such visitors out).
  if (!apiClientHooks.accessToken()) throw new ApiError(ADMIN_MESSAGES.notAuthenticated, 401);
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await apiRequest<T>(path, {
        ...options,
        timeoutMs: options.timeoutMs ?? ADMIN_TIMEOUT_MS,
      });
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) {
        // The auth session has refreshed once and, refused, signed out: the guard takes over.
        sessionExpiredAt = Date.now();
        notify(ADMIN_MESSAGES.sessionExpired, 'error');
        throw new ApiError(ADMIN_MESSAGES.sessionExpired, 401, error.body, error.statusText);
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
        throw error instanceof ApiError ? withStatusText(error) : error;
      }
      await wait(ADMIN_RETRY_STEP_MS * (attempt + 1));
    }
  }
}
