import { vi } from 'vitest';

export interface FakeRequest {
  method: string;
  path: string;
  body: unknown;
  authorization: string | null;
}

export type FakeAnswer =
  | { status?: number; body: unknown }
  /** fetch rejects: no answer at all (network down). */
  | 'network-error'
  /** fetch never settles: the page stays in its waiting state. */
  | 'pending';

/**
 * Keyed 'METHOD /api/path'; a function gets the request (for bodies and ids) and may answer
 * later (a promise), to show a busy state first.
 */
export type FakeRoutes = Record<
  string,
  FakeAnswer | ((request: FakeRequest) => FakeAnswer | Promise<FakeAnswer>)
>;

function headerOf(init: RequestInit | undefined, name: string): string | null {
  const headers = new Headers(init?.headers);
  return headers.get(name);
}

/**
 * Replaces the network only: the app's real api-client, auth session and query hooks run against
 * these answers. Unknown calls get a 404. Undo with vi.unstubAllGlobals(). Returns the requests.
 */
export function fakeApi(routes: FakeRoutes): FakeRequest[] {
  const requests: FakeRequest[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const href = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const url = new URL(href, 'http://localhost');
    const method = init?.method ?? 'GET';
    const request: FakeRequest = {
      method,
      path: url.pathname,
      body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
      authorization: headerOf(init, 'Authorization'),
    };
    requests.push(request);
    const route = routes[`${method} ${url.pathname}`];
    const answer = await (typeof route === 'function'
      ? route(request)
      : (route ?? { status: 404, body: { message: 'Não encontrado' } }));
    if (answer === 'network-error') throw new TypeError('Failed to fetch');
    if (answer === 'pending') return new Promise<Response>(() => {});
    return new Response(JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  return requests;
}
