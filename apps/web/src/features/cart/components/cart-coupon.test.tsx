import type { ReactElement } from 'react';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useCartSync } from '../../../lib/cart/cart-sync.ts';
import { toastChannel, type ToastMessage } from '../../../lib/ui-events.ts';
import {
  createCartCoupon,
  createCartItem,
  createCartProduct,
  fakeCartApi,
  renderWithCart,
  signIn,
} from '../../../lib/cart/testing/cart-fixtures.tsx';
import { CartPage } from './cart-page.tsx';

const ring = createCartProduct({ id: 1, name: 'Argola Lisa', price_cents: 5000 });
const labret = createCartProduct({ id: 2, name: 'Labret', price_cents: 3990 });
const MIN_ORDER = 'Pedido mínimo de R$ 300,00 para este cupom';
// 10% of R$ 139,90 by card; of the PIX prices (R$ 132,90), R$ 13,29.
const WELCOME = createCartCoupon({ discount_cents: 1399, pix_discount_cents: 1329 });

function renderPage(setup: Parameters<typeof fakeCartApi>[1] = {}, before?: ReactElement) {
  const lines = (first: number) => [
    createCartItem({ id: first, quantity: 2, pix_price: 47.5 }, ring),
    createCartItem({ id: first + 1, quantity: 1, pix_price: 37.9 }, labret),
  ];
  const server = fakeCartApi([ring, labret], {
    carts: { anonymous: lines(11), user: lines(21) },
    coupons: { BEMVINDA10: WELCOME, FRETE300: MIN_ORDER },
    ...setup,
  });
  renderWithCart(
    <>
      {before}
      <CartPage />
    </>,
    { route: '/carrinho' },
  );
  return server;
}

const summary = () => screen.getByRole('complementary', { name: 'Resumo' });
const amountAfter = (label: RegExp | string) =>
  within(summary()).getByText(label).nextElementSibling?.textContent;
const codeField = () => within(summary()).getByLabelText('Cupom de desconto');

function typeCode(code: string) {
  fireEvent.change(codeField(), { target: { value: code } });
  fireEvent.click(within(summary()).getByRole('button', { name: 'Aplicar' }));
}

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('the cart coupon', () => {
  it("applies a visitor's code to the session's cart and totals the server's prices", async () => {
    const server = renderPage();
    await screen.findByRole('link', { name: 'Argola Lisa' });
    expect(amountAfter('Total')).toBe('R$ 139,90');
    typeCode(' bemvinda10 ');

    expect(await within(summary()).findByText('BEMVINDA10')).toBeVisible();
    expect(server.requests.at(-1)).toMatchObject({
      method: 'POST',
      path: '/checkout/apply_coupon',
      body: { code: 'BEMVINDA10' },
    });
    expect(server.requests.at(-1)?.headers.Authorization).toBeUndefined();
    expect(server.applied.anonymous).toEqual(WELCOME);
    // The conditions in small print, the discount line and both totals from the server.
    expect(within(summary()).getByText(WELCOME.description)).toBeVisible();
    expect(amountAfter('Subtotal (3 itens)')).toBe('R$ 139,90');
    expect(amountAfter('Cupom BEMVINDA10')).toBe('−R$ 13,99');
    expect(amountAfter('Total')).toBe('R$ 125,91');
    expect(amountAfter('No PIX')).toBe('R$ 119,61');
    expect(within(summary()).queryByLabelText('Cupom de desconto')).toBeNull();
  });

  it("applies a signed-in user's code to the user's cart", async () => {
    signIn();
    const server = renderPage();
    await screen.findByRole('link', { name: 'Argola Lisa' });
    typeCode('BEMVINDA10');
    expect(await within(summary()).findByText('BEMVINDA10')).toBeVisible();
    expect(server.requests.at(-1)?.headers.Authorization).toMatch(/^Bearer /);
    expect(server.applied).toEqual({ anonymous: null, user: WELCOME });
  });

  it("shows the server's reason under the field and keeps the typed code", async () => {
    const server = renderPage();
    await screen.findByRole('link', { name: 'Argola Lisa' });
    typeCode('FRETE300');
    const alert = await within(summary()).findByRole('alert');
    expect(alert).toHaveTextContent(MIN_ORDER);
    expect(codeField()).toHaveValue('FRETE300');
    expect(codeField()).toHaveAttribute('aria-invalid', 'true');
    expect(codeField()).toHaveAccessibleDescription(MIN_ORDER);
    expect(amountAfter('Total')).toBe('R$ 139,90');

    // Typing again clears the reason; an empty code is refused without asking the server.
    fireEvent.change(codeField(), { target: { value: '' } });
    expect(within(summary()).queryByRole('alert')).toBeNull();
    const asked = server.requests.length;
    fireEvent.click(within(summary()).getByRole('button', { name: 'Aplicar' }));
    expect(await within(summary()).findByRole('alert')).toHaveTextContent(
      'Informe o código do cupom',
    );
    expect(server.requests).toHaveLength(asked);
  });

  it('removes the coupon and goes back to the plain totals', async () => {
    const server = renderPage({ applied: { anonymous: WELCOME, user: null } });
    await screen.findByRole('link', { name: 'Argola Lisa' });
    expect(await within(summary()).findByText('BEMVINDA10')).toBeVisible();
    expect(amountAfter('Total')).toBe('R$ 125,91');
    fireEvent.click(within(summary()).getByRole('button', { name: 'Remover o cupom BEMVINDA10' }));
    await waitFor(() => expect(within(summary()).queryByText('BEMVINDA10')).toBeNull());
    expect(server.requests.at(-1)).toMatchObject({ method: 'DELETE', path: '/checkout/coupon' });
    expect(amountAfter('Total')).toBe('R$ 139,90');
    expect(within(summary()).queryByText(/Cupom BEMVINDA10/)).toBeNull();
    expect(codeField()).toHaveValue('');
  });

  it('says once that the server dropped the coupon, beside the field rather than as a toast', async () => {
    const notice = `O cupom BEMVINDA10 foi removido: ${MIN_ORDER}`;
    const toasts: ToastMessage[] = [];
    const stop = toastChannel.subscribe((toast) => toasts.push(toast));
    // The layout's cart sync, placed before the page: it still leaves the notice to the field.
    function Sync() {
      useCartSync(() => undefined);
      return null;
    }
    renderPage({ notice }, <Sync />);
    await screen.findByRole('link', { name: 'Argola Lisa' });
    expect(await within(summary()).findByRole('status')).toHaveTextContent(notice);
    expect(codeField()).toBeVisible();
    // The next answer (another quantity) has no notice: it was said.
    fireEvent.click(screen.getAllByRole('button', { name: 'Adicionar uma unidade' })[1]!);
    await waitFor(() => expect(within(summary()).queryByRole('status')).toBeNull());
    stop();
    expect(toasts).toEqual([]);
  });

  it('names the promotion that discounts the cart, with its conditions', async () => {
    const description = '10% de desconto nos produtos da categoria Nariz.';
    renderPage({
      applied: { anonymous: WELCOME, user: null },
      promotion: {
        rule: {
          id: 9,
          name: 'Semana do Nariz',
          kind: 'percent',
          percent: 10,
          description,
          ends_at: null,
        },
        listCents: 399,
        pixCents: 379,
      },
    });
    await screen.findByRole('link', { name: 'Argola Lisa' });
    expect(amountAfter('Promoção Semana do Nariz')).toBe('−R$ 3,99');
    expect(amountAfter('Cupom BEMVINDA10')).toBe('−R$ 13,99');
    // R$ 139,90 - 3,99 - 13,99; by PIX R$ 132,90 - 3,79 - 13,29.
    expect(amountAfter('Total')).toBe('R$ 121,92');
    expect(amountAfter('No PIX')).toBe('R$ 115,82');
    expect(within(summary()).getByText(description)).toBeVisible();
  });
});
