import type { MercadoPagoClient } from './mercadopago-client.ts';
import {
  type PaymentProvider,
  PaymentProviderError,
  type ProviderPaymentStatus,
} from '../payments/provider.ts';

const STATUS_MAP = new Map<string, ProviderPaymentStatus>([
  ['pending', 'pending'],
  ['in_process', 'processing'],
  ['in_mediation', 'processing'],
  ['authorized', 'processing'],
  ['approved', 'approved'],
  ['rejected', 'rejected'],
  ['cancelled', 'cancelled'],
  ['expired', 'cancelled'],
  ['refunded', 'refunded'],
  ['charged_back', 'refunded'],
]);

/** MercadoPago's payment status in our words; a status it adds later waits as pending. */
export function mapMercadoPagoStatus(status: string): ProviderPaymentStatus {
  return STATUS_MAP.get(status) ?? 'pending';
}

/** 'Ana Souza Lima' -> Ana / Souza Lima; a single name has no last name. */
export function splitPayerName(name: string): { firstName: string; lastName: string | null } {
  const [firstName = '', ...rest] = name.trim().split(/\s+/);
  return { firstName, lastName: rest.length > 0 ? rest.join(' ') : null };
}

function readDate(text: string | null): Date | null {
  if (!text) return null;
  const time = Date.parse(text);
  return Number.isNaN(time) ? null : new Date(time);
}

/** PIX charges issued by MercadoPago, which confirms them by webhook and by reading them back. */
export function createMercadoPagoProvider(client: MercadoPagoClient): PaymentProvider {
  return {
    name: 'mercadopago',
    refundsAutomatically: true,

    async createPixPayment(input) {
      const cpf = input.payer.cpf?.replace(/\D/g, '') || null;
      const payment = await client.createPixPayment({
        amountCents: input.amountCents,
        description: input.description,
        payer: { email: input.payer.email, ...splitPayerName(input.payer.name), cpf },
        externalReference: input.orderNumber,
        notificationUrl: input.notificationUrl,
        expiresAt: input.expiresAt,
        idempotencyKey: input.idempotencyKey,
      });
      // The same key brings back the same answer, so asking again would not help.
      if (!payment.pix) {
        throw new PaymentProviderError(
          `MercadoPago payment ${payment.id} (${payment.status}) came without PIX transaction data`,
          false,
        );
      }
      return {
        gatewayPaymentId: payment.id,
        status: mapMercadoPagoStatus(payment.status),
        qrCode: payment.pix.qrCode,
        qrCodeBase64: payment.pix.qrCodeBase64,
        ticketUrl: payment.pix.ticketUrl,
        // MercadoPago's txid lives inside its BR Code and is not answered on its own.
        txid: null,
        expiresAt: readDate(payment.dateOfExpiration) ?? input.expiresAt,
      };
    },

    async fetchStatus(gatewayPaymentId) {
      return mapMercadoPagoStatus((await client.getPayment(gatewayPaymentId)).status);
    },

    async cancel(gatewayPaymentId) {
      await client.cancelPayment(gatewayPaymentId);
    },

    async refund(gatewayPaymentId, idempotencyKey, amountCents) {
      const refund = await client.refundPayment(gatewayPaymentId, idempotencyKey, amountCents);
      return {
        refundId: refund.id,
        amountCents: refund.amount === null ? null : Math.round(refund.amount * 100),
        status: refund.status,
      };
    },
  };
}
