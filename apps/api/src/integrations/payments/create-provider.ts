import type { Config } from '../../config.ts';
import { createMercadoPagoClient } from '../mercadopago/mercadopago-client.ts';
import { createBuiltinPixProvider, SANDBOX_PIX_KEY } from '../pix/builtin-pix-provider.ts';
import { createMercadoPagoProvider } from '../mercadopago/mercadopago-provider.ts';
import type { PaymentProvider } from './provider.ts';

/** PAYMENT_PROVIDER picks who issues the charges; config.ts already checked the credentials. */
export function createPaymentProvider(config: Config): PaymentProvider {
  if (config.paymentProvider === 'mercadopago') {
    return createMercadoPagoProvider(
      createMercadoPagoClient({
        baseUrl: config.mercadoPagoApiUrl,
        accessToken: config.mercadoPagoAccessToken ?? '',
        timeoutMs: config.mercadoPagoTimeoutMs,
      }),
    );
  }
  return createBuiltinPixProvider({
    pixKey: config.pixKey ?? SANDBOX_PIX_KEY,
    merchantName: config.pixMerchantName,
    merchantCity: config.pixMerchantCity,
    appUrl: config.appUrl,
  });
}
