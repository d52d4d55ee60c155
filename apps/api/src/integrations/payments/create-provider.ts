import type { Config } from '../../config.ts';
import { createMercadoPagoClient } from '../mercadopago/mercadopago-client.ts';
import {
  createBuiltinPixProvider,
  type PixMerchant,
  SANDBOX_PIX_KEY,
} from '../pix/builtin-pix-provider.ts';
import { createMercadoPagoProvider } from '../mercadopago/mercadopago-provider.ts';
import { createPixBankClient } from '../pix-bank/pix-bank-client.ts';
import { createPixBankProvider, pixBankClientConfig } from '../pix-bank/pix-bank-provider.ts';
import type { PaymentProvider } from './provider.ts';

/**
 * PAYMENT_PROVIDER picks who issues the charges; config.ts already checked the credentials.
 * `merchant` names the receiver of the built-in PIX at each charge (the store settings); without
 * it, PIX_MERCHANT_NAME and PIX_MERCHANT_CITY.
 */
export function createPaymentProvider(
  config: Config,
  merchant: () => PixMerchant = () => ({
    name: config.pixMerchantName,
    city: config.pixMerchantCity,
  }),
): PaymentProvider {
  if (config.pixBank) {
    return createPixBankProvider({
      client: createPixBankClient(pixBankClientConfig(config.pixBank)),
      pixKey: config.pixKey ?? '',
      webhookSecret: config.pixBank.webhookSecret,
      appUrl: config.appUrl,
    });
  }
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
    merchant,
    appUrl: config.appUrl,
  });
}
