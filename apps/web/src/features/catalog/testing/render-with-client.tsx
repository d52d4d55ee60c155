import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { vi } from 'vitest';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { AuthProvider } from '../../../lib/auth/auth-provider.tsx';
import { createAuthSession } from '../../../lib/auth/auth-session.ts';
import { seedStore } from '../../../lib/testing/store-fixture.ts';

/**
 * Renders inside a router, a fresh QueryClient (no test sees another test's cache) and a fresh
 * auth session read from storage (the cards' wishlist hearts ask who is browsing).
 */
export function createTestQueryClient() {
  // With the shop's settings, as every server-rendered page carries them.
  return seedStore(new QueryClient({ defaultOptions: { queries: { retry: false } } }));
}

export function renderWithClient(
  ui: ReactElement,
  { route = '/', client = createTestQueryClient() }: { route?: string; client?: QueryClient } = {},
) {
  return render(
    <QueryClientProvider client={client}>
      <AuthProvider session={createAuthSession()}>
        <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
      </AuthProvider>
    </QueryClientProvider>,
  );
}

type Handler = (url: URL) => { status?: number; body: unknown } | undefined;

/**
 * Answers the app's fetch calls from `handler` (the real api-client runs; only the network is
 * replaced; undo with vi.unstubAllGlobals). Returns the URLs that were asked for.
 */
export function serveApi(handler: Handler) {
  const requests: URL[] = [];
  vi.stubGlobal('fetch', (input: RequestInfo | URL) => {
    const href = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const url = new URL(href, 'http://localhost');
    requests.push(url);
    const answer = handler(url) ?? { status: 404, body: { message: 'Não encontrado' } };
    return Promise.resolve(
      new Response(JSON.stringify(answer.body), {
        status: answer.status ?? 200,
        headers: { 'Content-Type': 'application/json' },
      }),
    );
  });
  return requests;
}
