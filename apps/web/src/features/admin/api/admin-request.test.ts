import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiClientHooks } from '../../../lib/api-client.ts';
import { toastChannel, type ToastMessage } from '../../../lib/ui-events.ts';
import { ADMIN_MESSAGES, adminRequest, sessionJustExpired } from './admin-request.ts';

const realHooks = { ...apiClientHooks };
let calls: number[] = [];
let toasts: ToastMessage[] = [];
let unsubscribe: () => void = () => undefined;

beforeEach(() => {
  vi.useFakeTimers();
  calls = [];
  toasts = [];
  unsubscribe = toastChannel.subscribe((toast) => toasts.push(toast));
  apiClientHooks.accessToken = () => 'token-de-admin';
  apiClientHooks.onUnauthorized = () => Promise.resolve(false);
});

afterEach(() => {
  unsubscribe();
  Object.assign(apiClientHooks, realHooks);
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

/** fetch answering each call with the next behaviour; records when (fake ms) each call came. */
function serve(...answers: (() => Promise<Response>)[]) {
  vi.stubGlobal('fetch', (_input: unknown, init: RequestInit = {}) => {
    calls.push(Date.now());
    const answer = answers[Math.min(calls.length - 1, answers.length - 1)]!;
    return new Promise<Response>((resolve, reject) => {
      init.signal?.addEventListener('abort', () => reject(init.signal?.reason as Error));
      answer().then(resolve, reject);
    });
  });
}

const networkDown = () => Promise.reject(new TypeError('Failed to fetch'));
const never = () => new Promise<Response>(() => undefined);
const json =
  (status: number, body: unknown, statusText = '') =>
  () =>
    Promise.resolve(
      new Response(JSON.stringify(body), {
        status,
        statusText,
        headers: { 'content-type': 'application/json' },
      }),
    );

/** The promise's outcome once fake time has run far enough. */
async function settle<T>(promise: Promise<T>, ms: number) {
  const outcome = promise.then(
    (value) => ({ value, error: undefined }),
    (error: unknown) => ({ value: undefined, error }),
  );
  await vi.advanceTimersByTimeAsync(ms);
  return outcome;
}

describe('the admin client (spec 001 §7-§9)', () => {
  it('retries a network failure 3 times, after 1 s, 2 s and 3 s', async () => {
    serve(networkDown);
    const start = Date.now();
    const { error } = await settle(adminRequest('/admin/stats'), 10_000);
    expect(error).toBeInstanceOf(TypeError);
    expect(calls.map((at) => at - start)).toEqual([0, 1_000, 3_000, 6_000]);
  });

  it('answers once the network is back', async () => {
    serve(networkDown, networkDown, json(200, { ok: true }));
    const { value } = await settle(adminRequest<{ ok: boolean }>('/admin/stats'), 5_000);
    expect(value).toEqual({ ok: true });
    expect(calls).toHaveLength(3);
  });

  it("waits 15 s, then says 'Timeout na requisição' (a read is tried again first)", async () => {
    serve(never);
    const start = Date.now();
    const { error } = await settle(adminRequest('/admin/products'), 120_000);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('Timeout na requisição');
    expect(calls.map((at) => at - start)).toEqual([0, 16_000, 33_000, 51_000]);
  });

  it('never sends a timed-out write again: it may have been applied', async () => {
    serve(never);
    const { error } = await settle(adminRequest('/products', { method: 'POST', body: {} }), 60_000);
    expect((error as ApiError).message).toBe(ADMIN_MESSAGES.timeout);
    expect(calls).toHaveLength(1);
  });

  it("says 'HTTP {status}: {text}' when the server gave no message of its own", async () => {
    serve(json(502, {}, 'Bad Gateway'));
    const { error } = await settle(adminRequest('/admin/stats'), 1_000);
    expect((error as ApiError).message).toBe('HTTP 502: Bad Gateway');
    expect(calls).toHaveLength(1);
  });

  it("keeps the server's own pt-BR message when there is one", async () => {
    serve(json(422, { message: 'SKU já cadastrado' }, 'Unprocessable Entity'));
    const { error } = await settle(adminRequest('/products', { method: 'POST', body: {} }), 1_000);
    expect((error as ApiError).message).toBe('SKU já cadastrado');
  });

  it("refuses to call without credentials: 'Usuário não autenticado'", async () => {
    apiClientHooks.accessToken = () => null;
    serve(json(200, {}));
    const { error } = await settle(adminRequest('/admin/stats'), 1_000);
    expect((error as ApiError).message).toBe('Usuário não autenticado');
    expect(calls).toHaveLength(0);
  });

  it('says the session expired on a 401 and lets the guard know', async () => {
    serve(json(401, { code: 'token_expired', message: 'Token expirado' }));
    const { error } = await settle(adminRequest('/admin/stats'), 1_000);
    expect((error as ApiError).message).toBe('Sessão expirada. Faça login novamente.');
    expect(toasts.map((toast) => toast.message)).toEqual([
      'Sessão expirada. Faça login novamente.',
    ]);
    expect(sessionJustExpired()).toBe(true);
    expect(sessionJustExpired(Date.now() + 11_000)).toBe(false);
  });
});
