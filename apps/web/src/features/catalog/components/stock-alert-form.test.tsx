import {
  STOCK_ALERT_CONSENT_TEXT,
  STOCK_ALERT_MESSAGES,
} from '@lumina/shared/stock-alerts/stock-alert-schemas';
import type { ProductDto } from '@lumina/shared/catalog/product';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createUser } from '../../../lib/auth/testing/create-user.ts';
import { fakeAccessToken } from '../../../lib/auth/testing/fake-api.ts';
import { storeSignedIn } from '../../../lib/auth/testing/signed-in.ts';
import { fakeCartApi, renderWithCart } from '../../../lib/cart/testing/cart-fixtures.tsx';
import { createProduct, createVariant } from '../testing/create-product.ts';
import { ProductPurchase } from './product-purchase.tsx';
import { useVariantChoice } from './use-variant-choice.ts';

function Purchase({ product }: { product: ProductDto }) {
  return <ProductPurchase product={product} choice={useVariantChoice(product)} />;
}

/** Argola in 6 mm (in stock) and 8 mm (sold out). */
const RING = createProduct({
  id: 40,
  options: [{ name: 'Diâmetro', values: ['6 mm', '8 mm'] }],
  variants: [
    createVariant({ id: 401, sku: 'ARG-6MM', option_values: { Diâmetro: '6 mm' } }),
    createVariant({
      id: 402,
      sku: 'ARG-8MM',
      option_values: { Diâmetro: '8 mm' },
      stock_quantity: 0,
    }),
  ],
  stock_quantity: 5,
});

const form = () => screen.getByRole('region', { name: 'Avise-me quando chegar' });

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe("'Avise-me quando chegar' on the product page", () => {
  it('appears for a sold-out variant only, and sends its id, the e-mail and the consent', async () => {
    const server = fakeCartApi([], {
      other: (request) =>
        request.path === '/stock_alerts' && request.method === 'POST'
          ? {
              status: 202,
              body: {
                success: true,
                status: 'pending',
                message: STOCK_ALERT_MESSAGES.confirmationSent('bia@example.com'),
              },
            }
          : undefined,
    });
    renderWithCart(<Purchase product={RING} />, { route: '/produto/40?variante=ARG-6MM' });
    expect(screen.queryByRole('region', { name: 'Avise-me quando chegar' })).toBeNull();

    fireEvent.click(screen.getByRole('radio', { name: /^8 mm/ }));
    const box = form();
    fireEvent.change(within(box).getByLabelText('E-mail'), {
      target: { value: 'Bia@Example.com' },
    });
    // Without the consent nothing is sent.
    fireEvent.click(within(box).getByRole('button', { name: 'Avise-me quando chegar' }));
    expect(await within(box).findByText(STOCK_ALERT_MESSAGES.consent)).toBeVisible();
    expect(server.requests.filter((request) => request.path === '/stock_alerts')).toEqual([]);

    fireEvent.click(
      within(box).getByRole('checkbox', { name: new RegExp(STOCK_ALERT_CONSENT_TEXT) }),
    );
    fireEvent.click(within(box).getByRole('button', { name: 'Avise-me quando chegar' }));
    expect(
      await screen.findByText(STOCK_ALERT_MESSAGES.confirmationSent('bia@example.com')),
    ).toBeVisible();
    const sent = server.requests.filter((request) => request.path === '/stock_alerts');
    expect(sent.map((request) => request.body)).toEqual([
      { variant_id: 402, email: 'bia@example.com', consent: true },
    ]);
  });

  it("fills in a signed-in shopper's address and shows the server's refusal", async () => {
    const user = createUser({ email: 'ana@example.com', email_verified: true });
    storeSignedIn(user, fakeAccessToken(Math.floor(Date.now() / 1000) + 900));
    fakeCartApi([], {
      other: (request) =>
        request.path === '/stock_alerts'
          ? { status: 429, body: { message: STOCK_ALERT_MESSAGES.throttled } }
          : undefined,
    });
    renderWithCart(<Purchase product={RING} />, { route: '/produto/40?variante=ARG-8MM' });
    const box = form();
    await waitFor(() => expect(within(box).getByLabelText('E-mail')).toHaveValue(user.email));
    expect(within(box).getByText('Com o e-mail da sua conta, o aviso vale na hora.')).toBeVisible();
    fireEvent.click(within(box).getByRole('checkbox'));
    fireEvent.click(within(box).getByRole('button', { name: 'Avise-me quando chegar' }));
    expect(await within(box).findByRole('alert')).toHaveTextContent(STOCK_ALERT_MESSAGES.throttled);
  });
});
