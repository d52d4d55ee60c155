import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { AuthProvider } from '../../../lib/auth/auth-provider.tsx';
import { fakeAccessToken, TEST_USER } from '../../../lib/auth/testing/fake-api.ts';
import { createTestSession, storeSignedIn } from '../../../lib/auth/testing/signed-in.ts';
import type { OrderStatusResponse, PaymentResponse } from '../../../lib/payment/payment-api.ts';
import { seedStore } from '../../../lib/testing/store-fixture.ts';

/** A tab signed in the way a login leaves it; a negative expiry makes it a reload to restore. */
export function signIn(expiresInSeconds = 3600): void {
  storeSignedIn(TEST_USER, fakeAccessToken(Math.floor(Date.now() / 1000) + expiresInSeconds));
}

export function createPaymentResponse(overrides: Partial<PaymentResponse> = {}): PaymentResponse {
  return {
    success: true,
    payment_id: 55,
    gateway_payment_id: 'pix-55',
    status: 'pending',
    message: 'Pagamento PIX criado',
    provider: 'pix_builtin',
    sandbox: false,
    expires_at: new Date(Date.now() + 30 * 60_000).toISOString(),
    pix_data: {
      qr_code: '00020126580014br.gov.bcb.pix0136chave-pix-da-loja5204000053039865405109.90',
      qr_code_base64: 'iVBORw0KGgo=',
      ticket_url: 'https://pagamento.exemplo.com/pix/55',
    },
    amount: 109.9,
    pricing: { total: 109.9, subtotal: 89.9, shipping_cost: 20 },
    order_summary: {
      order_id: 12,
      order_number: 'LP-000012',
      items: [
        { name: 'Argola Lisa', product_name: 'Argola Lisa', price: 49.95, quantity: 1 },
        { name: '', product_name: 'Labret Titânio', price: 39.95, quantity: 1 },
      ],
      items_count: 2,
    },
    ...overrides,
  };
}

export function createOrderStatus(
  overrides: Partial<Omit<OrderStatusResponse, 'order'>> = {},
): OrderStatusResponse {
  const base = {
    payment_status: 'pending',
    status: 'pending',
    id: 12,
    bling_id: null,
    total: 109.9,
    created_at: '2025-06-15T12:30:00.000Z',
    ...overrides,
  };
  return {
    ...base,
    order: {
      id: base.id,
      order_number: 'LP-000012',
      status: base.status,
      payment_status: base.payment_status,
      payment_method: 'pix',
      customer_name: 'Ana Souza',
      customer_email: 'ana@example.com',
      customer_phone: '11987654321',
      customer_cpf: null,
      customer_birth_date: null,
      shipping_address: 'Rua Augusta, 1500 - Consolação - São Paulo/SP - 01310100',
      billing_address: 'Rua Augusta, 1500 - Consolação - São Paulo/SP - 01310100',
      customer_address: 'Rua Augusta, 1500 - Consolação - São Paulo/SP - 01310100',
      address: {
        street: 'Rua Augusta',
        number: '1500',
        complement: null,
        neighborhood: 'Consolação',
        city: 'São Paulo',
        state: 'SP',
        zip_code: '01310100',
      },
      notes: null,
      shipping_method: 'pac',
      shipping_name: 'PAC',
      delivery_days: 8,
      subtotal: 89.9,
      subtotal_cents: 8990,
      shipping_cost: 20,
      shipping_cost_cents: 2000,
      shipping_discount_cents: 0,
      discount: 0,
      discount_cents: 0,
      promotion_discount_cents: 0,
      coupon_discount_cents: 0,
      coupon_code: null,
      total: base.total,
      total_cents: Math.round(base.total * 100),
      items: [],
      items_count: 2,
      bling_id: null,
      tracking_code: null,
      tracking_carrier: null,
      tracking_url: null,
      paid_at: null,
      shipped_at: null,
      delivered_at: null,
      cancelled_at: null,
      created_at: base.created_at,
      updated_at: base.created_at,
      refunds: [],
      refunded_total: 0,
      refunded_total_cents: 0,
      payment: null,
    },
  };
}

function LocationProbe() {
  const location = useLocation();
  return <p data-testid="location">{location.pathname + location.search}</p>;
}

const OTHER_PAGES = ['/', '/checkout', '/minha-conta', '/payment-success', '/payment-failure'];

/**
 * Renders `element` at `path` inside a fresh QueryClient, auth session (read from storage) and
 * memory router; the other pages show their path, so a redirect is visible.
 */
export function renderPaymentPage(
  element: ReactElement,
  { route, path }: { route: string; path: string },
) {
  // With the shop's settings, as every server-rendered page carries them.
  const client = seedStore(
    new QueryClient({
      defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
    }),
  );
  return render(
    <QueryClientProvider client={client}>
      <AuthProvider session={createTestSession()}>
        <MemoryRouter initialEntries={[route]}>
          <Routes>
            <Route path={path} element={element} />
            {OTHER_PAGES.filter((page) => page !== path).map((page) => (
              <Route key={page} path={page} element={<p>Página {page}</p>} />
            ))}
          </Routes>
          <LocationProbe />
        </MemoryRouter>
      </AuthProvider>
    </QueryClientProvider>,
  );
}
