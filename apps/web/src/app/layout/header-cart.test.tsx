import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { publishCartCount } from '../../lib/cart/cart-events.ts';
import {
  createCartItem,
  createCartProduct,
  fakeCartApi,
  renderWithCart,
} from '../../lib/cart/testing/cart-fixtures.tsx';
import { HeaderCart } from './header-cart.tsx';

const ring = createCartProduct({ id: 1, name: 'Argola Lisa', price_cents: 5000 });

function renderHeaderCart() {
  fakeCartApi([ring], {
    carts: { anonymous: [createCartItem({ id: 5, quantity: 2 }, ring)], user: [] },
  });
  renderWithCart(
    <>
      <HeaderCart className="icon" />
      <button type="button">fora</button>
    </>,
  );
  const link = screen.getByRole('link', { name: /^Carrinho,/ });
  return { link, area: link.parentElement! };
}

/** The panel the arrow button controls (a hidden region has no accessible name to query by). */
function panel(): HTMLElement {
  const id = screen
    .getByRole('button', { name: 'Resumo do carrinho' })
    .getAttribute('aria-controls');
  const element = id ? document.getElementById(id) : null;
  if (!element) throw new Error('The panel is not there');
  return element;
}

async function hoverOpen(area: HTMLElement) {
  fireEvent.pointerEnter(area, { pointerType: 'mouse' });
  expect(await screen.findByRole('link', { name: 'Argola Lisa' })).toBeVisible();
  expect(panel()).toBeVisible();
}

beforeEach(() => {
  localStorage.clear();
  act(() => publishCartCount(0));
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('HeaderCart', () => {
  it('links to the cart with the item count', () => {
    const { link } = renderHeaderCart();
    expect(link).toHaveAttribute('href', '/carrinho');
    expect(link).toHaveAccessibleName('Carrinho, 0 itens');
    act(() => publishCartCount(1));
    expect(link).toHaveAccessibleName('Carrinho, 1 item');
    act(() => publishCartCount(120));
    expect(link).toHaveTextContent('99+');
  });

  it('shows the lines and the total on hover, and closes 300 ms after the pointer leaves', async () => {
    const { area } = renderHeaderCart();
    await hoverOpen(area);
    expect(screen.getByText('R$ 100,00', { selector: 'span' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ver carrinho' })).toHaveAttribute('href', '/carrinho');

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.pointerLeave(area, { pointerType: 'mouse' });
    act(() => {
      vi.advanceTimersByTime(299);
    });
    expect(panel()).toBeVisible();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(panel()).not.toBeVisible();
  });

  it('stays open when the pointer comes back within the 300 ms', async () => {
    const { area } = renderHeaderCart();
    await hoverOpen(area);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.pointerLeave(area, { pointerType: 'mouse' });
    act(() => {
      vi.advanceTimersByTime(200);
    });
    fireEvent.pointerEnter(area, { pointerType: 'mouse' });
    act(() => {
      vi.advanceTimersByTime(500);
    });
    expect(panel()).toBeVisible();
  });

  it('ignores touch: on phones the icon is only the link', () => {
    const { area } = renderHeaderCart();
    fireEvent.pointerEnter(area, { pointerType: 'touch' });
    expect(screen.queryByRole('region', { name: 'Resumo do carrinho' })).not.toBeInTheDocument();
  });

  it('opens from the keyboard and closes on Escape or when the focus leaves', async () => {
    renderHeaderCart();
    const toggle = screen.getByRole('button', { name: 'Resumo do carrinho' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(await screen.findByRole('link', { name: 'Argola Lisa' })).toBeVisible();
    expect(panel()).toHaveAccessibleName('Resumo do carrinho');

    const minus = screen.getByRole('button', { name: 'Remover uma unidade' });
    minus.focus();
    fireEvent.keyDown(minus, { key: 'Escape' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();

    fireEvent.click(toggle);
    await waitFor(() => expect(panel()).toBeVisible());
    fireEvent.blur(toggle, { relatedTarget: screen.getByRole('button', { name: 'fora' }) });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });
});
