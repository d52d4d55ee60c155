import type { StorePayments } from '@lumina/shared/payments/card-instalments';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { vi } from 'vitest';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { AuthProvider } from '../../../lib/auth/auth-provider.tsx';
import { createTestSession } from '../../../lib/auth/testing/signed-in.ts';
import { CARD_AND_BOLETO, seedStore } from '../../../lib/testing/store-fixture.ts';

function LocationProbe() {
  const location = useLocation();
  return <p data-testid="location">{location.pathname + location.search}</p>;
}

const OTHER_PAGES = ['/payment-pix', '/payment-success', '/minha-conta/pedidos/:id', '/checkout'];

/**
 * A payment step (`element` at `route`) with a shop that takes cards and boletos, inside a
 * fresh QueryClient, auth session and memory router; the other pages show their path.
 */
export function renderPaymentStep(
  element: ReactElement,
  {
    route,
    path,
    payments = CARD_AND_BOLETO,
  }: { route: string; path: string; payments?: StorePayments },
) {
  const client = seedStore(
    new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } }),
    {},
    payments,
  );
  return render(
    <QueryClientProvider client={client}>
      <AuthProvider session={createTestSession()}>
        <MemoryRouter initialEntries={[route]}>
          <Routes>
            <Route path={path} element={element} />
            {OTHER_PAGES.map((page) => (
              <Route key={page} path={page} element={<p>Página {page}</p>} />
            ))}
          </Routes>
          <LocationProbe />
        </MemoryRouter>
      </AuthProvider>
    </QueryClientProvider>,
  );
}

export interface StepRequest {
  method: string;
  /** Without the /api prefix. */
  path: string;
  body: unknown;
}

export interface StepAnswer {
  status?: number;
  body: unknown;
}

/**
 * The API behind a payment step, in memory: GET /orders/{id} answers `order()`, POST
 * /orders/{id}/payments answers `pay(request)`. Undo with vi.unstubAllGlobals().
 */
export function fakePaymentStepApi(setup: {
  order: () => unknown;
  pay: (request: StepRequest) => StepAnswer | Promise<StepAnswer>;
}) {
  const requests: StepRequest[] = [];
  const api = { ...setup, requests };
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const href = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const request: StepRequest = {
      method: init.method ?? 'GET',
      path: new URL(href, 'http://localhost').pathname.replace(/^\/api/, ''),
      body: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
    };
    requests.push(request);
    let answer: StepAnswer = { status: 404, body: { message: 'Não encontrado' } };
    if (request.method === 'GET' && /^\/orders\/\d+$/.test(request.path)) {
      answer = { body: api.order() };
    } else if (request.method === 'POST' && /^\/orders\/\d+\/payments$/.test(request.path)) {
      answer = await api.pay(request);
    }
    return new Response(JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  return api;
}
