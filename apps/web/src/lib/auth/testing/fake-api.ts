import { vi } from 'vitest';

export interface FakeRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: unknown;
}

/** `type` sends a text `body` as is under that content type (an HTML page), not as JSON. */
export interface FakeAnswer {
  status?: number;
  body?: unknown;
  type?: string;
}

export type FakeHandler = (request: FakeRequest) => FakeAnswer | undefined;

/**
 * Replaces the network only (the real api-client and auth session run): answers each fetch from
 * `handler`, 404 when it returns nothing. Undo with vi.unstubAllGlobals(). Returns the requests.
 */
export function fakeApi(handler: FakeHandler): FakeRequest[] {
  const requests: FakeRequest[] = [];
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init: RequestInit = {}) => {
    const href = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const url = new URL(href, 'http://localhost');
    const request: FakeRequest = {
      method: init.method ?? 'GET',
      path: url.pathname.replace(/^\/api/, '') + url.search,
      headers: { ...(init.headers as Record<string, string> | undefined) },
      body: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
    };
    requests.push(request);
    const answer: FakeAnswer = handler(request) ?? {
      status: 404,
      body: { message: 'Não encontrado' },
    };
    const text =
      answer.type !== undefined && typeof answer.body === 'string'
        ? answer.body
        : JSON.stringify(answer.body ?? {});
    return Promise.resolve(
      // A 204 carries no body (the Response constructor refuses one).
      new Response(answer.status === 204 ? null : text, {
        status: answer.status ?? 200,
        headers: { 'Content-Type': answer.type ?? 'application/json' },
      }),
    );
  });
  return requests;
}

function base64Url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/** An unsigned JWT-shaped token expiring at `expSeconds` (the web app never checks signatures). */
export function fakeAccessToken(expSeconds: number, extra: Record<string, unknown> = {}): string {
  const header = base64Url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const payload = base64Url(JSON.stringify({ sub: '1', exp: expSeconds, ...extra }));
  return `${header}.${payload}.c2lnbmF0dXJl`;
}

export const TEST_USER = {
  id: 7,
  name: 'Ana Souza',
  email: 'ana@exemplo.com',
  cpf: null,
  phone: null,
  gender: null,
  birth_date: null,
  role: 'customer' as const,
};
