import type {
  PaymentProviderName,
  PaymentRowStatus as ProviderPaymentStatus,
} from '@lumina/shared/orders/order-schemas';

/**
 * What the payments module needs from whoever issues PIX charges: the built-in provider (a BR
 * Code for the shop's own key), MercadoPago, or the shop's own bank (API Pix). Providers speak in our payment statuses; mapping
 * their own vocabulary is their job.
 */
export type { PaymentProviderName, ProviderPaymentStatus };

export interface CreatePixPaymentInput {
  /** Our payments row id; MercadoPago gets it in the idempotency key, the built-in txid does not. */
  paymentId: number;
  orderId: number;
  orderNumber: string;
  amountCents: number;
  /** Shown to the payer by their bank ('Pedido LP000123'). */
  description: string;
  payer: { email: string; name: string; cpf: string | null };
  expiresAt: Date;
  /** Same key on a retry of the same payment, so the provider never charges twice. */
  idempotencyKey: string;
  /** Where the provider posts its notifications (MercadoPago's notification_url). */
  notificationUrl: string;
}

export interface ProviderPayment {
  /** The provider's id for the charge (MercadoPago's payment id, the built-in txid). */
  gatewayPaymentId: string;
  status: ProviderPaymentStatus;
  /** The PIX copy-and-paste code (BR Code). */
  qrCode: string;
  /** PNG of the QR code, base64 without the data: prefix. */
  qrCodeBase64: string;
  ticketUrl: string | null;
  txid: string | null;
  expiresAt: Date;
}

/** What the provider answered about a refund it made. */
export interface ProviderRefund {
  /** The provider's id of the refund; null when it only said the charge was already refunded. */
  refundId: string | null;
  /** The amount it says it gave back, when it said. */
  amountCents: number | null;
  /** Its word for the refund (MercadoPago: approved, in_process...). */
  status: string | null;
  /**
   * done (the default): the money went back. processing: on its way (a devolução
   * EM_PROCESSAMENTO), its final word comes by webhook or a re-check. failed: only a re-check
   * says it (a devolução NAO_REALIZADO); a refusal at once is a PaymentProviderError.
   */
  outcome?: 'done' | 'processing' | 'failed';
  /** The E2E id of the transfer that gave the money back (a devolução's rtrId). */
  endToEndId?: string | null;
  /** Why it failed, when the provider said. */
  reason?: string | null;
}

/** A provider that failed or did not answer in time; the shopper may try again. */
export class PaymentProviderError extends Error {
  constructor(
    message: string,
    readonly retryable = true,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = 'PaymentProviderError';
  }
}

export interface PaymentProvider {
  readonly name: PaymentProviderName;
  createPixPayment(input: CreatePixPaymentInput): Promise<ProviderPayment>;
  /**
   * The charge's status as the provider knows it now; null when the provider has no say (the
   * built-in PIX is confirmed in our own database). Throws PaymentProviderError on failure.
   */
  fetchStatus(gatewayPaymentId: string): Promise<ProviderPaymentStatus | null>;
  /** Cancels an open charge at the provider; an already final charge is not an error. */
  cancel(gatewayPaymentId: string): Promise<void>;
  /**
   * Gives an approved charge back, in full or `amountCents` of it (a partial refund); the same
   * key never refunds twice. The built-in PIX cannot: the shop returns that money from its bank
   * by hand.
   */
  refund(
    gatewayPaymentId: string,
    idempotencyKey: string,
    amountCents?: number,
    /** The E2E id of the PIX that paid the charge, when stored (the bank's API Pix). */
    paidBy?: string | null,
  ): Promise<ProviderRefund>;
  /**
   * Where a refund made with `idempotencyKey` stands now, for providers whose refunds finish
   * later (the bank's devolução).
   */
  fetchRefund?(
    gatewayPaymentId: string,
    idempotencyKey: string,
    paidBy?: string | null,
  ): Promise<ProviderRefund>;
  /** Whether `refund` moves money (false: the refund is the shop's to make by hand). */
  readonly refundsAutomatically: boolean;
  /** Card and boleto payments, when the provider takes them. */
  readonly cards?: CardAndBoletoPayments;
  /**
   * The charge's status with what was paid, for providers that say (the bank's API Pix): a charge
   * paid with another amount than the payment's is held for the shop instead of approved.
   */
  fetchPixCharge?(gatewayPaymentId: string): Promise<PixChargeReport>;
  /**
   * The open charges are asked about every minute (the bank's webhook may never arrive), rather
   * than only when a webhook, the shopper or the expiry asks.
   */
  readonly reconcilesOpenCharges?: boolean;
  /**
   * Tells the provider where to notify, for those that are told by an API call (the bank's API
   * Pix); answers the address registered with its secret masked, for the log.
   */
  registerWebhook?(): Promise<string>;
}

export interface PixChargeReport {
  status: ProviderPaymentStatus | null;
  /** What the payer paid in all; null while nothing was paid. */
  paidCents: number | null;
  /** The E2E id of the PIX that paid it (the one a devolução gives back). */
  endToEndId?: string | null;
}

/** Who pays a card or boleto charge, as the provider needs them. */
export interface ProviderPayer {
  email: string;
  name: string;
  cpf: string | null;
}

interface ChargeInput {
  orderNumber: string;
  amountCents: number;
  description: string;
  /** Same key on a retry (a double submit), so the provider never charges twice. */
  idempotencyKey: string;
  notificationUrl: string;
}

export interface CreateCardPaymentInput extends ChargeInput {
  /** The single-use token the provider's script made of the card in the browser. */
  token: string;
  installments: number;
  paymentMethodId: string;
  issuerId: string | null;
  payer: ProviderPayer;
}

/** The payer's address a boleto carries (digits-only CEP, two-letter state). */
export interface BillingAddress {
  zipCode: string;
  street: string;
  number: string;
  neighborhood: string;
  city: string;
  state: string;
}

export interface CreateBoletoPaymentInput extends ChargeInput {
  payer: ProviderPayer & { cpf: string; address: BillingAddress };
  dueAt: Date;
}

/** A card or boleto charge as the provider answers it now. */
export interface ProviderCharge {
  gatewayPaymentId: string;
  status: ProviderPaymentStatus;
  /** The provider's reason (MercadoPago's status_detail). */
  statusDetail: string | null;
  installments: number | null;
  cardBrand: string | null;
  cardLastFour: string | null;
  feeCents: number | null;
  netCents: number | null;
  boleto: { digitableLine: string | null; pdfUrl: string; dueAt: Date | null } | null;
  /** The order number it was made for (MercadoPago's external_reference). */
  orderNumber: string | null;
}

/** Cards in instalments and boletos: only providers that take them (MercadoPago) have this. */
export interface CardAndBoletoPayments {
  /** A rejected card is an answer (status rejected), not an error. */
  createCardPayment(input: CreateCardPaymentInput): Promise<ProviderCharge>;
  createBoletoPayment(input: CreateBoletoPaymentInput): Promise<ProviderCharge>;
  fetchCharge(gatewayPaymentId: string): Promise<ProviderCharge>;
}
