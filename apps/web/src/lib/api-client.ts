/**
 * The one HTTP client of the web app (DESIGN.md, Web): JSON under /api, 10 s timeout, the
 * X-Session-ID header on every call and the bearer token when there is one. Failures become
 * ApiError with a pt-BR message the UI can show as is.
 */
export const API_TIMEOUT_MS = 10_000;

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly body: unknown = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

type Query = Record<string, string | number | boolean | undefined | null>;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Query;
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/** Hooks other parts of the app plug in (session id now; auth token from the accounts issue). */
export const apiClientHooks: {
  sessionId: () => string | null;
  accessToken: () => string | null;
} = {
  sessionId: () => null,
  accessToken: () => null,
};

function buildUrl(path: string, query?: Query): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const qs = params.toString();
  return `/api${path}${qs ? `?${qs}` : ''}`;
}

function messageFrom(body: unknown, fallback: string): string {
  if (body && typeof body === 'object') {
    const b = body as { message?: unknown; error?: unknown };
    if (typeof b.message === 'string' && b.message) return b.message;
    if (typeof b.error === 'string' && b.error) return b.error;
  }
  return fallback;
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const controller = new AbortController();
  const timer = setTimeout(
    () => controller.abort(new DOMException('timeout', 'TimeoutError')),
    API_TIMEOUT_MS,
  );
  options.signal?.addEventListener('abort', () => controller.abort(options.signal?.reason));

  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  const sessionId = apiClientHooks.sessionId();
  if (sessionId) headers['X-Session-ID'] = sessionId;
  const token = apiClientHooks.accessToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: controller.signal,
    });
  } catch (error) {
    if (controller.signal.aborted && !options.signal?.aborted)
      throw new ApiError('Timeout na API', 0);
    throw error;
  } finally {
    clearTimeout(timer);
  }

  let body: unknown = null;
  const text = await response.text();
  if (text) {
    try {
      body = JSON.parse(text);
    } catch {
      throw new ApiError('Formato de resposta inválido da API', response.status);
    }
  }
  if (!response.ok) {
    throw new ApiError(messageFrom(body, `HTTP ${response.status}`), response.status, body);
  }
  if (body === null || typeof body !== 'object') {
    throw new ApiError('Formato de resposta inválido da API', response.status);
  }
  return body as T;
}
