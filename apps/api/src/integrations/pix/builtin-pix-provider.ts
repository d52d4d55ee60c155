import { encodePixBrCode } from './br-code.ts';
import { pixQrCodeDataUrl } from './qr-image.ts';
import { createTxid } from './txid.ts';
import { type PaymentProvider, PaymentProviderError } from '../payments/provider.ts';

/**
 * A sample random key (the Banco Central's manual example) used only in sandbox mode when the
 * shop has not set PIX_KEY: codes made with it look real to a bank app but pay nobody.
 */
export const SANDBOX_PIX_KEY = '123e4567-e12b-12d1-a456-426655440000';

/** The receiver's name and city a BR Code shows the payer (REFERENCE.md: fields 59 and 60). */
export interface PixMerchant {
  name: string;
  city: string;
}

export interface BuiltinPixConfig {
  pixKey: string;
  /** Read at each charge, so a change of the shop's name or city reaches the next code. */
  merchant: () => PixMerchant;
  /** Public address of the store: the ticket page lives under it. */
  appUrl: string;
}

/** Where the shopper opens a payment's ticket; the txid (about 149 random bits) is the key. */
export function pixTicketUrl(appUrl: string, txid: string): string {
  return `${appUrl}/api/pix/${txid}`;
}

/**
 * The shop's own PIX, for a shop without a payment provider: a BR Code with the order total and a
 * fresh txid for the
 * shop's key. Nothing outside knows about the charge, so its status lives in our database and is
 * confirmed by an administrator (or by 'Simular pagamento' in sandbox mode).
 */
export function createBuiltinPixProvider(config: BuiltinPixConfig): PaymentProvider {
  return {
    name: 'pix_builtin',
    async createPixPayment(input) {
      const txid = createTxid();
      const merchant = config.merchant();
      const qrCode = encodePixBrCode({
        pixKey: config.pixKey,
        merchantName: merchant.name,
        merchantCity: merchant.city,
        amountCents: input.amountCents,
        txid,
      });
      const dataUrl = await pixQrCodeDataUrl(qrCode);
      return {
        gatewayPaymentId: txid,
        status: 'pending',
        qrCode,
        qrCodeBase64: dataUrl.slice(dataUrl.indexOf(',') + 1),
        ticketUrl: pixTicketUrl(config.appUrl, txid),
        txid,
        expiresAt: input.expiresAt,
      };
    },
    fetchStatus() {
      return Promise.resolve(null);
    },
    cancel() {
      // The code simply stops being honoured: the order is cancelled in our database.
      return Promise.resolve();
    },
    refundsAutomatically: false,
    refund() {
      return Promise.reject(
        new PaymentProviderError('the built-in PIX is refunded by the shop by hand', false),
      );
    },
  };
}
