import type { MercadoPagoClient, MercadoPagoPayment } from './mercadopago-client.ts';
import {
  type CardAndBoletoPayments,
  type PaymentProvider,
  type ProviderCharge,
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

function toCharge(payment: MercadoPagoPayment): ProviderCharge {
  const card = payment.cardLastFour !== null;
  return {
    gatewayPaymentId: payment.id,
    status: mapMercadoPagoStatus(payment.status),
    statusDetail: payment.statusDetail,
    installments: payment.installments,
    cardBrand: card ? payment.paymentMethodId : null,
    cardLastFour: payment.cardLastFour,
    feeCents: payment.feeCents,
    netCents: payment.netReceivedCents,
    boleto: payment.boleto && {
      digitableLine: payment.boleto.digitableLine,
      pdfUrl: payment.boleto.pdfUrl,
      dueAt: readDate(payment.dateOfExpiration),
    },
    orderNumber: payment.externalReference,
  };
}

/** Cards in instalments and boletos (bolbradesco) through MercadoPago's payments API. */
function mercadoPagoCards(client: MercadoPagoClient): CardAndBoletoPayments {
  const payerOf = (payer: { email: string; name: string; cpf: string | null }) => ({
    email: payer.email,
    ...splitPayerName(payer.name),
    cpf: payer.cpf?.replace(/\D/g, '') || null,
  });
  return {
    async createCardPayment(input) {
      return toCharge(
        await client.createCardPayment({
          amountCents: input.amountCents,
          description: input.description,
          token: input.token,
          installments: input.installments,
          paymentMethodId: input.paymentMethodId,
          issuerId: input.issuerId,
          payer: payerOf(input.payer),
          externalReference: input.orderNumber,
          notificationUrl: input.notificationUrl,
          idempotencyKey: input.idempotencyKey,
        }),
      );
    },

    async createBoletoPayment(input) {
      const payer = payerOf(input.payer);
      const payment = await client.createBoletoPayment({
        amountCents: input.amountCents,
        description: input.description,
        // MercadoPago requires a last name on a boleto; a single name is repeated.
        payer: {
          ...payer,
          cpf: payer.cpf ?? input.payer.cpf,
          lastName: payer.lastName ?? payer.firstName,
          address: input.payer.address,
        },
        externalReference: input.orderNumber,
        notificationUrl: input.notificationUrl,
        dueAt: input.dueAt,
        idempotencyKey: input.idempotencyKey,
      });
      if (!payment.boleto) {
        throw new PaymentProviderError(
          `MercadoPago payment ${payment.id} (${payment.status}) came without a boleto`,
          false,
        );
      }
      return toCharge(payment);
    },

    async fetchCharge(gatewayPaymentId) {
      return toCharge(await client.getPayment(gatewayPaymentId));
    },
  };
}

/** PIX charges issued by MercadoPago, which confirms them by webhook and by reading them back. */
export function createMercadoPagoProvider(client: MercadoPagoClient): PaymentProvider {
  return {
    name: 'mercadopago',
    refundsAutomatically: true,
    cards: mercadoPagoCards(client),

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
