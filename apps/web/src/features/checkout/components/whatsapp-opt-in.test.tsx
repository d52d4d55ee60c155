import type { PublicStoreJson } from '@lumina/shared/settings/store-settings';
import { WHATSAPP_TEXTS } from '@lumina/shared/whatsapp/order-updates';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createUser } from '../../../lib/auth/testing/create-user.ts';
import {
  createCartItem,
  createCartProduct,
  signIn,
} from '../../../lib/cart/testing/cart-fixtures.tsx';
import { storeQueryOptions } from '../../../lib/store-settings.ts';
import { callsTo, createSavedAddress, fakeCheckoutApi } from '../testing/fake-checkout-api.ts';
import { renderCheckout } from '../testing/render-checkout.tsx';

const CART = [createCartItem({ id: 21, quantity: 1 }, createCartProduct({ id: 1 }))];
const PROFILE = createUser({ phone: '11987654321', cpf: '52998224725' });

/** The checkout with the shop's `order_whatsapp` as GET /api/store would answer it. */
async function openCheckout(orderWhatsApp: boolean) {
  const server = fakeCheckoutApi({
    cart: [...CART],
    profile: PROFILE,
    addresses: [createSavedAddress()],
  });
  const { client } = renderCheckout();
  act(() => {
    client.setQueryData(storeQueryOptions().queryKey, (answer?: { store: PublicStoreJson }) =>
      answer ? { store: { ...answer.store, order_whatsapp: orderWhatsApp } } : answer,
    );
  });
  await waitFor(() =>
    expect(screen.getByLabelText<HTMLInputElement>(/^CEP \*/).value).toBe('01310-100'),
  );
  return server;
}

async function orderBody(server: ReturnType<typeof fakeCheckoutApi>) {
  fireEvent.click(screen.getByRole('button', { name: 'Finalizar pedido' }));
  await waitFor(() => expect(callsTo(server, 'POST /orders')).toHaveLength(1));
  return (callsTo(server, 'POST /orders')[0]?.body as { order: Record<string, unknown> }).order;
}

beforeEach(() => {
  localStorage.clear();
  signIn();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('checkout: order updates by WhatsApp', () => {
  it('offers the opt-in, unticked, while the shop sends them, and sends it when ticked', async () => {
    const server = await openCheckout(true);
    const box = screen.getByRole('checkbox', { name: WHATSAPP_TEXTS.optIn });
    expect(box).not.toBeChecked();
    expect(box).toHaveAccessibleDescription(WHATSAPP_TEXTS.optInHint);
    fireEvent.click(box);
    expect(await orderBody(server)).toMatchObject({
      customer_phone: '11987654321',
      whatsapp_updates: true,
    });
  });

  it('sends no opt-in when the box is left unticked', async () => {
    const server = await openCheckout(true);
    expect((await orderBody(server)).whatsapp_updates).toBeUndefined();
  });

  it('shows no opt-in while the shop has no WhatsApp', async () => {
    const server = await openCheckout(false);
    expect(screen.queryByRole('checkbox', { name: WHATSAPP_TEXTS.optIn })).toBeNull();
    expect((await orderBody(server)).whatsapp_updates).toBeUndefined();
  });
});
