import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loginDialogChannel } from '../../../lib/ui-events.ts';
import {
  createWishlistItem,
  createWishlistProduct,
  fakeWishlistApi,
  renderWithWishlist,
  signIn,
} from '../../../lib/wishlist/testing/wishlist-fixtures.tsx';
import { WishlistButton } from './wishlist-button.tsx';

const product = createWishlistProduct({ id: 12, name: 'Labret Titânio - Tamanho: 8mm' });
const heart = () =>
  screen.getByRole('button', { name: 'Salvar Labret Titânio na lista de desejos' });

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('WishlistButton', () => {
  it('opens the login modal for a visitor and stays pressed for after the login', async () => {
    const reasons: string[] = [];
    const stop = loginDialogChannel.subscribe((reason) => reasons.push(reason));
    fakeWishlistApi();
    renderWithWishlist(<WishlistButton product={product} productName="Labret Titânio" />);
    expect(heart()).toHaveAttribute('aria-pressed', 'false');
    fireEvent.click(heart());
    stop();
    expect(reasons).toEqual(['wishlist']);
    await waitFor(() => expect(heart()).toHaveAttribute('aria-pressed', 'true'));
  });

  it("adds and removes a signed-in user's product", async () => {
    signIn();
    const { requests } = fakeWishlistApi();
    renderWithWishlist(<WishlistButton product={product} productName="Labret Titânio" />);
    await waitFor(() => expect(requests.some((r) => r.path === '/wishlist')).toBe(true));

    fireEvent.click(heart());
    await waitFor(() => expect(heart()).toHaveAttribute('aria-pressed', 'true'));
    await waitFor(() =>
      expect(requests.at(-1)).toMatchObject({ method: 'POST', body: { product_id: 12 } }),
    );
    fireEvent.click(heart());
    await waitFor(() => expect(heart()).toHaveAttribute('aria-pressed', 'false'));
    expect(requests.at(-1)).toMatchObject({ method: 'DELETE', path: '/wishlist/5000' });
  });

  it("shows a signed-in user's saved product as pressed", async () => {
    signIn();
    fakeWishlistApi([createWishlistItem({ product_id: 12 })]);
    renderWithWishlist(<WishlistButton product={product} productName="Labret Titânio" />);
    await waitFor(() => expect(heart()).toHaveAttribute('aria-pressed', 'true'));
  });
});
