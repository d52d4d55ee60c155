import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { serveApi } from '../../features/catalog/testing/render-with-client.tsx';
import { AuthProvider } from '../../lib/auth/auth-provider.tsx';
import { createTestSession } from '../../lib/auth/testing/signed-in.ts';
import { seedStore } from '../../lib/testing/store-fixture.ts';
import { Header } from './header.tsx';

function renderHeader(settings?: Parameters<typeof seedStore>[1]) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  if (settings) seedStore(client, settings);
  render(
    <QueryClientProvider client={client}>
      <AuthProvider session={createTestSession()}>
        <MemoryRouter>
          <Header />
        </MemoryRouter>
      </AuthProvider>
    </QueryClientProvider>,
  );
}

/** The top strip: the dark line above the logo. */
function strip(): string | null {
  return document.querySelector('header > p')?.textContent ?? null;
}

beforeEach(() => {
  localStorage.clear();
  // The visitor's cart (empty); GET /api/store is never answered: the settings come seeded.
  serveApi((url) =>
    url.pathname.endsWith('/cart') ? { body: { cart: { items: [], total_cents: 0 } } } : undefined,
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('the header strip says the money rules of the store settings', () => {
  it('by default: 5% off by PIX and free shipping from R$ 299, no instalments', () => {
    renderHeader({});
    expect(strip()).toBe('5% de desconto no PIX · Frete grátis a partir de R$ 299');
    expect(screen.getByText('5% de desconto no PIX')).toBeInTheDocument();
  });

  it('with other values: 10% and R$ 150,00', () => {
    renderHeader({ pix_discount_percent: 10, free_shipping_threshold: '150,00' });
    expect(strip()).toBe('10% de desconto no PIX · Frete grátis a partir de R$ 150');
  });

  it('with 0% no PIX discount is promised', () => {
    renderHeader({ pix_discount_percent: 0 });
    expect(strip()).toBe('Frete grátis a partir de R$ 299');
  });

  it('without a threshold no free shipping is promised', () => {
    renderHeader({ free_shipping_threshold: '' });
    expect(strip()).toBe('5% de desconto no PIX');
  });

  it('with neither there is no strip', () => {
    renderHeader({ pix_discount_percent: 0, free_shipping_threshold: null });
    expect(strip()).toBeNull();
  });

  it('draws no strip before the settings arrive', () => {
    renderHeader();
    expect(strip()).toBeNull();
    expect(screen.queryByText(/desconto|Frete grátis/)).not.toBeInTheDocument();
  });
});

describe("the logo names the shop by its settings' trade name", () => {
  it('shows the trade name, whole in the title when it is long', () => {
    const long = 'Ateliê Aurora Joias e Acessórios para Piercing';
    renderHeader({ trade_name: long });
    const home = screen.getByRole('link', { name: long });
    expect(home).toHaveAttribute('href', '/');
    expect(screen.getByTitle(long)).toHaveClass('truncate', 'text-lg');
    expect(screen.queryByText(/Lumina/)).not.toBeInTheDocument();
  });

  it('takes the legal name when no trade name is set', () => {
    renderHeader({ trade_name: '', legal_name: 'Aurora Joias Ltda' });
    expect(screen.getByRole('link', { name: 'Aurora Joias Ltda' })).toHaveAttribute('href', '/');
  });

  it("shows the mark alone, never the code's working name, before the settings arrive", () => {
    renderHeader();
    expect(screen.getByRole('link', { name: 'Página inicial' })).toHaveAttribute('href', '/');
    expect(screen.queryByText(/Lumina/)).not.toBeInTheDocument();
  });
});
