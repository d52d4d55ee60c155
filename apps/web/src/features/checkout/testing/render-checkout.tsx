import type { StorePayments } from '@lumina/shared/payments/card-instalments';
import type { StoreSettingsInput } from '@lumina/shared/settings/store-settings';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { AuthProvider } from '../../../lib/auth/auth-provider.tsx';
import { createTestSession } from '../../../lib/auth/testing/signed-in.ts';
import { CheckoutPage } from '../components/checkout-page.tsx';
import { seedStore } from '../../../lib/testing/store-fixture.ts';

function LocationProbe() {
  const location = useLocation();
  return <p data-testid="location">{location.pathname + location.search}</p>;
}

/**
 * /checkout inside a fresh QueryClient, auth session (read from storage) and memory router; the
 * PIX and products pages show their names, so a navigation is visible. `store` changes the
 * filled-in shop's settings.
 */
export function renderCheckout(
  store: Partial<StoreSettingsInput> = {},
  /** PIX only unless given (CARD_AND_BOLETO: the shop takes cards and boletos). */
  payments?: StorePayments,
) {
  // With the shop's settings, as every server-rendered page carries them.
  const client = seedStore(
    new QueryClient({
      defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
    }),
    store,
    payments,
  );
  const view = render(
    <QueryClientProvider client={client}>
      <AuthProvider session={createTestSession()}>
        <MemoryRouter initialEntries={['/checkout']}>
          <Routes>
            <Route path="/checkout" element={<CheckoutPage />} />
            <Route path="/payment-pix" element={<p>Página PIX</p>} />
            <Route path="/payment-card" element={<p>Página Cartão</p>} />
            <Route path="/payment-boleto" element={<p>Página Boleto</p>} />
            <Route path="/produtos" element={<p>Página Produtos</p>} />
          </Routes>
          <LocationProbe />
        </MemoryRouter>
      </AuthProvider>
    </QueryClientProvider>,
  );
  return { ...view, client };
}
