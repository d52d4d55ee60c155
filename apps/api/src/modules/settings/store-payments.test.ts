// GET /api/store's `payments`: what the browser's card form and the pages' instalment texts
// follow, from the configuration (CARD_PAYMENTS), with the page policy that lets the form in.
import type { PublicStoreJson } from '@lumina/shared/settings/store-settings';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/test-app.ts';

let ctx: TestContext | undefined;

afterEach(async () => {
  await ctx?.close();
  ctx = undefined;
});

async function storeOf(env: Record<string, string>) {
  ctx = await createTestContext({ env });
  const response = await ctx.app.inject({ method: 'GET', url: '/api/store' });
  expect(response.statusCode, response.body).toBe(200);
  return {
    store: response.json<{ store: PublicStoreJson }>().store,
    policy: String(response.headers['content-security-policy']),
  };
}

describe('GET /api/store payments', () => {
  it('says PIX only while cards are off, and the page policy lets nothing else in', async () => {
    const { store, policy } = await storeOf({ CARD_PAYMENTS: 'off' });
    expect(store.payments).toEqual({ card: null, boleto: false });
    expect(policy).not.toMatch(/mercado|mlstatic|frame-src/);
  });

  it("gives MercadoPago's public key and SDK with cards on, and lets that SDK in", async () => {
    const { store, policy } = await storeOf({
      CARD_PAYMENTS: 'mercadopago',
      MERCADOPAGO_ACCESS_TOKEN: 'TEST-0000-access',
      MERCADOPAGO_WEBHOOK_SECRET: 'segredo',
      MERCADOPAGO_PUBLIC_KEY: 'TEST-public-key',
      MERCADOPAGO_SDK_URL: 'http://127.0.0.1:3996/js/v2',
    });
    expect(store.payments).toEqual({
      card: {
        provider: 'mercadopago',
        public_key: 'TEST-public-key',
        sdk_url: 'http://127.0.0.1:3996/js/v2',
      },
      boleto: true,
    });
    // The private half of the configuration never reaches the page.
    expect(JSON.stringify(store)).not.toMatch(/access|segredo/);
    expect(policy).toMatch(/script-src [^;]*http:\/\/127\.0\.0\.1:3996/);
    expect(policy).toMatch(/frame-src 'self' http:\/\/127\.0\.0\.1:3996/);
    expect(policy).toMatch(/connect-src [^;]*http:\/\/127\.0\.0\.1:3996/);
  });
});
