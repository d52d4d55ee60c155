import { screen, waitFor } from '@testing-library/react';
import { StrictMode } from 'react';
import { useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createCartCoupon,
  fakeCartApi,
  renderWithCart,
  signIn,
} from '../../lib/cart/testing/cart-fixtures.tsx';
import { CouponLink } from './coupon-link.tsx';
import { ToastViewport } from './toast-viewport.tsx';

const MIN_ORDER = 'Pedido mínimo de R$ 50,00 para este cupom';

function Probe() {
  const { pathname, search } = useLocation();
  return <output aria-label="endereço">{`${pathname}${search}`}</output>;
}

function renderAt(route: string) {
  const server = fakeCartApi([], {
    coupons: { BEMVINDA10: createCartCoupon(), PRIMEIRA50: MIN_ORDER },
  });
  // Strict mode runs the effect twice, as development does: the code is still applied once.
  renderWithCart(
    <StrictMode>
      <ToastViewport />
      <CouponLink />
      <Probe />
    </StrictMode>,
    { route },
  );
  return server;
}

const applies = (server: ReturnType<typeof fakeCartApi>) =>
  server.requests.filter((request) => request.path === '/checkout/apply_coupon');

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('?cupom= links', () => {
  it("applies the code once to the visitor's empty cart and cleans the address", async () => {
    const server = renderAt('/produtos?cupom=bemvinda10&categoria=orelha');
    expect(await screen.findByText('Cupom BEMVINDA10 aplicado ao seu carrinho')).toBeVisible();
    expect(screen.getByLabelText('endereço')).toHaveTextContent('/produtos?categoria=orelha');
    expect(applies(server)).toHaveLength(1);
    expect(applies(server)[0]?.body).toEqual({ code: 'BEMVINDA10' });
    expect(applies(server)[0]?.headers.Authorization).toBeUndefined();
    expect(server.applied.anonymous?.code).toBe('BEMVINDA10');
  });

  it("says the server's reason, and applies a signed-in user's link to the user's cart", async () => {
    signIn();
    const server = renderAt('/?cupom=PRIMEIRA50');
    expect(await screen.findByText(`Cupom PRIMEIRA50: ${MIN_ORDER}`)).toBeVisible();
    expect(screen.getByLabelText('endereço')).toHaveTextContent(/^\/$/);
    expect(applies(server)).toHaveLength(1);
    expect(applies(server)[0]?.headers.Authorization).toMatch(/^Bearer /);
  });

  it('does nothing with an empty code but clean it away', async () => {
    const server = renderAt('/?cupom=');
    await waitFor(() => expect(screen.getByLabelText('endereço')).toHaveTextContent(/^\/$/));
    expect(applies(server)).toHaveLength(0);
  });
});
