import type { FakeMercadoPagoServer } from './fake-mercadopago-server.ts';

/**
 * The settings that point the shop at the fake MercadoPago: its PIX (`pix`, PAYMENT_PROVIDER)
 * and its card and boleto with the fake's MercadoPago.js (`cards`, CARD_PAYMENTS); one map for
 * the tests and `npm run fake:mercadopago`.
 */
export function mercadoPagoTestEnv(
  fake: Pick<FakeMercadoPagoServer, 'url' | 'accessToken' | 'publicKey' | 'sdkUrl'>,
  options: { webhookSecret: string; pix?: boolean; cards?: boolean },
): Record<string, string> {
  const { pix = true, cards = true } = options;
  return {
    ...(pix ? { PAYMENT_PROVIDER: 'mercadopago' } : {}),
    MERCADOPAGO_API_URL: fake.url,
    MERCADOPAGO_ACCESS_TOKEN: fake.accessToken,
    MERCADOPAGO_WEBHOOK_SECRET: options.webhookSecret,
    ...(cards
      ? {
          CARD_PAYMENTS: 'mercadopago',
          MERCADOPAGO_PUBLIC_KEY: fake.publicKey,
          MERCADOPAGO_SDK_URL: fake.sdkUrl,
        }
      : {}),
  };
}
