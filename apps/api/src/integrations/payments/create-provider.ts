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
import {
  type CardAndBoletoPayments,
  type PaymentProvider,
  type PaymentProviderName,
  PaymentProviderError,
} from './provider.ts';

/** A provider that takes cards and boletos (MercadoPago). */
export type CardProvider = PaymentProvider & { readonly cards: CardAndBoletoPayments };

/**
 * The providers of this shop: the one issuing PIX charges (PAYMENT_PROVIDER) and, with
 * CARD_PAYMENTS, MercadoPago for cards and boletos beside it. A payment row is always followed
 * (status, cancel, refund, webhook) by the provider that created it, named in its `provider`.
 */
export interface PaymentProviders {
  pix: PaymentProvider;
  /** Undefined while cards and boletos are off. */
  cards: CardProvider | undefined;
  /** Every distinct provider, the PIX one first. */
  all: readonly PaymentProvider[];
  /** The provider of a payment row; throws when that provider is no longer configured. */
  byName(name: PaymentProviderName): PaymentProvider;
}

/** One registry of distinct providers (the same MercadoPago may issue PIX and cards). */
export function paymentProviders(pix: PaymentProvider, cards?: CardProvider): PaymentProviders {
  const all = cards && cards !== pix ? [pix, cards] : [pix];
  return {
    pix,
    cards,
    all,
    byName(name) {
      const found = all.find((provider) => provider.name === name);
      // Retryable: a row of a provider switched off waits until it is configured again.
      if (!found) throw new PaymentProviderError(`payment provider ${name} is not configured`);
      return found;
    },
  };
}

function mercadoPago(config: Config): CardProvider {
  const provider = createMercadoPagoProvider(
    createMercadoPagoClient({
      baseUrl: config.mercadoPagoApiUrl,
      accessToken: config.mercadoPagoAccessToken ?? '',
      timeoutMs: config.mercadoPagoTimeoutMs,
    }),
  );
  if (!provider.cards) throw new Error('the MercadoPago provider takes cards');
  return provider as CardProvider;
}

/**
 * PAYMENT_PROVIDER picks who issues the PIX charges; config.ts already checked the credentials.
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
  if (config.paymentProvider === 'mercadopago') return mercadoPago(config);
  return createBuiltinPixProvider({
    pixKey: config.pixKey ?? SANDBOX_PIX_KEY,
    merchant,
    appUrl: config.appUrl,
  });
}

/**
 * The PIX provider and, with CARD_PAYMENTS=mercadopago, MercadoPago for cards and boletos: the
 * same provider (one client) when MercadoPago issues the PIX too.
 */
export function createPaymentProviders(
  config: Config,
  merchant?: () => PixMerchant,
): PaymentProviders {
  const pix = createPaymentProvider(config, merchant);
  if (!config.cardPayments) return paymentProviders(pix);
  const cards =
    pix.name === 'mercadopago' && pix.cards ? (pix as CardProvider) : mercadoPago(config);
  return paymentProviders(pix, cards);
}
