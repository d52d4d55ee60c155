import { readErrorBody } from '@lumina/shared/http/read-error-body';

/**
 * The one HTTP client of the web app (DESIGN.md, Web): JSON under /api, 10 s timeout, the
 * X-Session-ID header on every call and the bearer token when there is one. Failures become
 * ApiError with a pt-BR message the UI can show as is.
 */
export const API_TIMEOUT_MS = 10_000;

/**
 * A failed call. The error body (packages/shared/src/http/error-body.ts) is read here and only
 * here: features use `code`, `fields`, `errors` and `serverMessage`, never the raw body.
 */
export class ApiError extends Error {
  /** Machine code of the failure ('insufficient_stock', 'token_expired'...), when sent. */
  readonly code: string | undefined;
  /** Validation messages by field name ({} when none). */
  readonly fields: Record<string, string[]>;
  /** Every validation message in order ([] when none). */
  readonly errors: string[];
  /** The server's own words (its `message`, else the spec's `error`); undefined without them. */
  readonly serverMessage: string | undefined;

  constructor(
    message: string,
    readonly status: number,
    readonly body: unknown = null,
    /** The HTTP reason phrase ('Bad Gateway'), when the answer had one. */
    readonly statusText = '',
  ) {
    super(message);
    this.name = 'ApiError';
    const read = readErrorBody(body);
    this.code = read.code;
    this.fields = read.fields;
    this.errors = read.errors;
    this.serverMessage = read.message?.trim() ? read.message : undefined;
  }
}

/** An array value is sent as the parameter repeated (?opcao=a&opcao=b). */
type Query = Record<string, string | number | boolean | readonly string[] | undefined | null>;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Query;
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Default API_TIMEOUT_MS (10 s, spec 000 §7); the admin client waits 15 s (spec 001 §9). */
  timeoutMs?: number;
  /**
   * The answer is a file (an export): a success resolves to a `DownloadedFile` instead of
   * parsed JSON; a refusal still reads the server's JSON error.
   */
  download?: boolean;
}

/** A file the API answered (`download: true`), with the name its Content-Disposition gives. */
export interface DownloadedFile {
  blob: Blob;
  filename: string | null;
}

/** What the client knows about a 401 when it asks the auth session what to do. */
export interface UnauthorizedInfo {
  path: string;
  /** The error body's `code` ('token_expired', 'invalid_token', 'not_authenticated'...). */
  code: string | undefined;
  /** The bearer token the refused request carried, null when it carried none. */
  sentToken: string | null;
}

/**
 * Hooks the auth session plugs in (lib/auth): the session id header, the bearer token, and what
 * to do on a 401 (refresh once and retry -> true, or clear the stored credentials -> false).
 */
export const apiClientHooks: {
  sessionId: () => string | null;
  accessToken: () => string | null;
  onUnauthorized: (info: UnauthorizedInfo) => Promise<boolean>;
} = {
  sessionId: () => null,
  accessToken: () => null,
  onUnauthorized: () => Promise.resolve(false),
};

/**
 * 401s that say nothing about the stored session: anonymous-cart calls (spec 000 §4, §7), the
 * auth calls that check a password or a one-time code, and a wrong current password on the
 * password change (logging the user out for a typo would be absurd).
 */
const SESSION_NEUTRAL_PATHS = [
  '/anonymous_carts',
  '/auth/login',
  '/auth/refresh',
  '/auth/logout',
  '/auth/google/exchange',
  '/users/register',
  '/password_resets',
];
const SESSION_NEUTRAL_CODES = new Set(['wrong_current_password', 'invalid_credentials']);

export function isSessionNeutral401(path: string, code: string | undefined): boolean {
  if (code !== undefined && SESSION_NEUTRAL_CODES.has(code)) return true;
  return SESSION_NEUTRAL_PATHS.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}

function buildUrl(path: string, query?: Query): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (typeof value === 'object' && value !== null) {
      for (const item of value) params.append(key, item);
    } else if (value !== undefined && value !== null && value !== '') {
      params.set(key, String(value));
    }
  }
  const qs = params.toString();
  return `/api${path}${qs ? `?${qs}` : ''}`;
}

/** Requests out with the access token, until their answer arrives (see signedRequestsSettled). */
const signedInFlight = new Set<Promise<unknown>>();

/**
 * Waits (at most `capMs`) for the requests that went out with the access token: logging out
 * ends the session on the server only after them, so none of them meets the ended session
 * (a 401 the shopper would see in the console, and a refresh that could follow).
 */
export async function signedRequestsSettled(capMs = 3_000): Promise<void> {
  if (signedInFlight.size === 0) return;
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([
    Promise.allSettled([...signedInFlight]),
    new Promise((resolve) => {
      timer = setTimeout(resolve, capMs);
    }),
  ]);
  clearTimeout(timer);
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  // Read once, so the 401 handler knows which token the server refused.
  const sentToken = apiClientHooks.accessToken();
  try {
    return await sendRequest<T>(path, options, sentToken);
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 401) throw error;
    if (isSessionNeutral401(path, error.code)) throw error;
    // The auth session refreshes the access token once (then we retry) or clears the session.
    const retry = await apiClientHooks.onUnauthorized({
      path,
      code: error.code,
      sentToken,
    });
    if (!retry) throw error;
    return sendRequest<T>(path, options, apiClientHooks.accessToken());
  }
}

async function sendRequest<T>(
  path: string,
  options: RequestOptions,
  token: string | null,
): Promise<T> {
  const controller = new AbortController();
  const timer = setTimeout(
    () => controller.abort(new DOMException('timeout', 'TimeoutError')),
    options.timeoutMs ?? API_TIMEOUT_MS,
  );
  options.signal?.addEventListener('abort', () => controller.abort(options.signal?.reason));

  const headers: Record<string, string> = {
    Accept: options.download ? '*/*' : 'application/json',
    ...options.headers,
  };
  const sessionId = apiClientHooks.sessionId();
  if (sessionId) headers['X-Session-ID'] = sessionId;
  if (token) headers.Authorization = `Bearer ${token}`;
  // A FormData body (a photo upload) sets its own multipart type with its boundary.
  const isForm = typeof FormData !== 'undefined' && options.body instanceof FormData;
  if (options.body !== undefined && !isForm) headers['Content-Type'] = 'application/json';

  let response: Response;
  let answered: Promise<Response> | undefined;
  try {
    answered = fetch(buildUrl(path, options.query), {
      method: options.method ?? 'GET',
      headers,
      body:
        options.body === undefined
          ? undefined
          : isForm
            ? (options.body as FormData)
            : JSON.stringify(options.body),
      signal: controller.signal,
    });
    if (token) signedInFlight.add(answered);
    response = await answered;
  } catch (error) {
    if (controller.signal.aborted && !options.signal?.aborted)
      throw new ApiError('Timeout na API', 0);
    throw error;
  } finally {
    clearTimeout(timer);
    if (answered) signedInFlight.delete(answered);
  }

  if (options.download && response.ok) {
    const disposition = response.headers.get('content-disposition') ?? '';
    const file: DownloadedFile = {
      blob: await response.blob(),
      filename: /filename="?([^";]+)"?/i.exec(disposition)?.[1] ?? null,
    };
    return file as T;
  }
  let body: unknown = null;
  const text = await response.text();
  if (text) {
    try {
      body = JSON.parse(text);
    } catch {
      throw new ApiError(
        'Formato de resposta inválido da API',
        response.status,
        null,
        response.statusText,
      );
    }
  }
  if (!response.ok) {
    const failure = new ApiError(
      `HTTP ${response.status}`,
      response.status,
      body,
      response.statusText,
    );
    throw failure.serverMessage
      ? new ApiError(failure.serverMessage, response.status, body, response.statusText)
      : failure;
  }
  // 204 No Content (a deletion) has no body to read: the caller asked for nothing back.
  if (response.status === 204) return undefined as T;
  if (body === null || typeof body !== 'object') {
    throw new ApiError('Formato de resposta inválido da API', response.status);
  }
  return body as T;
}
