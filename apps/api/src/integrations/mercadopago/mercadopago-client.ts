import { z } from 'zod';
import { type BillingAddress, PaymentProviderError } from '../payments/provider.ts';

export interface MercadoPagoClientConfig {
  /** No trailing slash: https://api.mercadopago.com, or a local fake in tests. */
  baseUrl: string;
  accessToken: string;
  timeoutMs: number;
  fetch?: typeof fetch;
}

export interface MercadoPagoPixPaymentInput {
  amountCents: number;
  description: string;
  payer: { email: string; firstName: string; lastName: string | null; cpf: string | null };
  externalReference: string;
  notificationUrl: string;
  expiresAt: Date;
  /** MercadoPago answers the first payment again for a key it has seen. */
  idempotencyKey: string;
}

export interface MercadoPagoPayment {
  id: string;
  /** MercadoPago's word: pending, approved, in_process, cancelled... */
  status: string;
  statusDetail: string | null;
  externalReference: string | null;
  transactionAmount: number | null;
  /** As MercadoPago writes it, e.g. '2026-12-01T23:59:59.000-04:00'. */
  dateOfExpiration: string | null;
  /** Absent on an answer without point_of_interaction.transaction_data. */
  pix: { qrCode: string; qrCodeBase64: string; ticketUrl: string | null } | null;
  /** visa, master, elo, amex, bolbradesco, pix... */
  paymentMethodId: string | null;
  installments: number | null;
  cardLastFour: string | null;
  /** The fees MercadoPago keeps from the collector (fee_details with fee_payer collector). */
  feeCents: number | null;
  /** transaction_details.net_received_amount, in cents. */
  netReceivedCents: number | null;
  /** A boleto's line, barcode and PDF (transaction_details.external_resource_url). */
  boleto: { digitableLine: string | null; barcode: string | null; pdfUrl: string } | null;
}

interface PayerInput {
  email: string;
  firstName: string;
  lastName: string | null;
  cpf: string | null;
}

export interface MercadoPagoCardPaymentInput {
  amountCents: number;
  description: string;
  /** The single-use token MercadoPago.js made of the card in the browser. */
  token: string;
  installments: number;
  paymentMethodId: string;
  issuerId: string | null;
  payer: PayerInput;
  externalReference: string;
  notificationUrl: string;
  idempotencyKey: string;
}

export interface MercadoPagoBoletoPaymentInput {
  amountCents: number;
  description: string;
  payer: PayerInput & { cpf: string; lastName: string; address: BillingAddress };
  externalReference: string;
  notificationUrl: string;
  dueAt: Date;
  idempotencyKey: string;
}

/** One payer cost of GET /v1/payment_methods/installments. */
export interface MercadoPagoPayerCost {
  installments: number;
  /** Percent over the amount (0: no interest for the payer). */
  installmentRate: number;
  installmentAmount: number;
  totalAmount: number;
  recommendedMessage: string | null;
}

export interface MercadoPagoClient {
  createPixPayment(input: MercadoPagoPixPaymentInput): Promise<MercadoPagoPayment>;
  getPayment(id: string): Promise<MercadoPagoPayment>;
  /** A card payment; a rejected card is an answer (status rejected), not an error. */
  createCardPayment(input: MercadoPagoCardPaymentInput): Promise<MercadoPagoPayment>;
  /** A boleto (bolbradesco): pending until paid, with its line and PDF. */
  createBoletoPayment(input: MercadoPagoBoletoPaymentInput): Promise<MercadoPagoPayment>;
  /** The payer costs MercadoPago offers for an amount and a card's first six digits. */
  getInstallments(amountCents: number, bin: string): Promise<MercadoPagoPayerCost[]>;
  /** Cancels an open payment; a payment already final is answered as it is. */
  cancelPayment(id: string): Promise<MercadoPagoPayment>;
  /**
   * Refunds an approved payment (POST /v1/payments/{id}/refunds): in full without an amount, else
   * `amountCents` of it (`{amount}` in reais, a partial refund). The same key answers the same
   * refund, so a retry never refunds twice; a full refund of a payment already refunded is not
   * an error (then the refund's fields are null).
   */
  refundPayment(
    id: string,
    idempotencyKey: string,
    amountCents?: number,
  ): Promise<MercadoPagoRefund>;
}

/** MercadoPago's refund: `{id, payment_id, amount, status, source, date_created}`. */
export interface MercadoPagoRefund {
  id: string | null;
  /** Reais, as MercadoPago writes it. */
  amount: number | null;
  status: string | null;
}

/** Statuses MercadoPago still lets a collector cancel; any other is final for our purposes. */
const CANCELLABLE_STATUSES = new Set(['pending', 'in_process', 'authorized']);

/** PIX is Brazil's, and Brasília has kept UTC-3 all year since 2019. */
const BRASILIA_OFFSET_MINUTES = -180;

const transactionDataSchema = z.object({
  qr_code: z.string().min(1),
  qr_code_base64: z.string().min(1),
  ticket_url: z.string().nullish(),
});

// Loose: MercadoPago answers dozens of fields, and an unreadable optional one is not an error.
const paymentSchema = z.object({
  id: z.union([z.number().int().positive(), z.string().regex(/^\d+$/)]).transform(String),
  status: z.string().min(1),
  status_detail: z.string().nullish().catch(null),
  external_reference: z.string().nullish().catch(null),
  transaction_amount: z.number().nullish().catch(null),
  date_of_expiration: z.string().nullish().catch(null),
  point_of_interaction: z
    .object({ transaction_data: transactionDataSchema.nullish().catch(null) })
    .nullish()
    .catch(null),
  payment_method_id: z.string().nullish().catch(null),
  installments: z.number().int().nullish().catch(null),
  card: z
    .object({ last_four_digits: z.string().nullish().catch(null) })
    .nullish()
    .catch(null),
  fee_details: z
    .array(z.object({ amount: z.number(), fee_payer: z.string().nullish() }))
    .nullish()
    .catch(null),
  transaction_details: z
    .object({
      net_received_amount: z.number().nullish().catch(null),
      external_resource_url: z.string().nullish().catch(null),
      digitable_line: z.string().nullish().catch(null),
      barcode: z
        .object({ content: z.string().nullish().catch(null) })
        .nullish()
        .catch(null),
    })
    .nullish()
    .catch(null),
});

const installmentsSchema = z.array(
  z.object({
    payer_costs: z.array(
      z.object({
        installments: z.number().int().positive(),
        installment_rate: z.number(),
        installment_amount: z.number(),
        total_amount: z.number(),
        recommended_message: z.string().nullish().catch(null),
      }),
    ),
  }),
);

const errorBodySchema = z.object({ message: z.string() });

const refundSchema = z.object({
  id: z.union([z.number().int().positive(), z.string().regex(/^\d+$/)]).transform(String),
  amount: z.number().nullish().catch(null),
  status: z.string().nullish().catch(null),
});

/** `yyyy-MM-dd'T'HH:mm:ss.SSS-03:00`, the form MercadoPago documents for date_of_expiration. */
export function formatMercadoPagoDate(date: Date): string {
  const local = new Date(date.getTime() + BRASILIA_OFFSET_MINUTES * 60_000);
  return `${local.toISOString().slice(0, 23)}-03:00`;
}

/** 12345 cents -> 123.45; JSON writes the shortest decimal, so at most two places go out. */
function centsToReais(amountCents: number): number {
  if (!Number.isSafeInteger(amountCents) || amountCents < 1) {
    throw new PaymentProviderError(`amount must be a positive integer of cents`, false);
  }
  return amountCents / 100;
}

const toCents = (reais: number) => Math.round(reais * 100);

function toPayment(raw: z.output<typeof paymentSchema>): MercadoPagoPayment {
  const data = raw.point_of_interaction?.transaction_data;
  const details = raw.transaction_details;
  const collectorFees = raw.fee_details?.filter(
    (fee) => (fee.fee_payer ?? 'collector') === 'collector',
  );
  const pdfUrl = raw.payment_method_id === 'pix' ? null : details?.external_resource_url;
  return {
    paymentMethodId: raw.payment_method_id ?? null,
    installments: raw.installments ?? null,
    cardLastFour: raw.card?.last_four_digits ?? null,
    feeCents: collectorFees
      ? collectorFees.reduce((sum, fee) => sum + toCents(fee.amount), 0)
      : null,
    netReceivedCents:
      details?.net_received_amount === null || details?.net_received_amount === undefined
        ? null
        : toCents(details.net_received_amount),
    boleto: pdfUrl
      ? {
          digitableLine: details?.digitable_line ?? null,
          barcode: details?.barcode?.content ?? null,
          pdfUrl,
        }
      : null,
    id: raw.id,
    status: raw.status,
    statusDetail: raw.status_detail ?? null,
    externalReference: raw.external_reference ?? null,
    transactionAmount: raw.transaction_amount ?? null,
    dateOfExpiration: raw.date_of_expiration ?? null,
    pix: data
      ? {
          qrCode: data.qr_code,
          qrCodeBase64: data.qr_code_base64,
          ticketUrl: data.ticket_url ?? null,
        }
      : null,
  };
}

/**
 * A thin client of MercadoPago's payments API (the official SDK has a fixed base URL, so tests
 * could not point it at the local fake). Every failure is a PaymentProviderError whose message
 * names the operation and what went wrong, never the token. Retryable: no answer, 429 and 5xx;
 * another 4xx will be refused again.
 */
export function createMercadoPagoClient(config: MercadoPagoClientConfig): MercadoPagoClient {
  const fetchImpl = config.fetch ?? fetch;

  /** An answer's own message, short, and scrubbed in case it ever echoes a header. */
  function reasonOf(text: string): string {
    let message: string | undefined;
    try {
      message = errorBodySchema.safeParse(JSON.parse(text)).data?.message;
    } catch {
      message = undefined;
    }
    if (!message) return '';
    return ` (${message.replaceAll(config.accessToken, '***').slice(0, 200)})`;
  }

  async function call(
    operation: string,
    method: 'GET' | 'POST' | 'PUT',
    path: string,
    options: { body?: unknown; idempotencyKey?: string } = {},
  ): Promise<{ status: number; text: string }> {
    const headers: Record<string, string> = {
      accept: 'application/json',
      authorization: `Bearer ${config.accessToken}`,
    };
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    if (options.idempotencyKey) headers['x-idempotency-key'] = options.idempotencyKey;
    try {
      const response = await fetchImpl(`${config.baseUrl}${path}`, {
        method,
        headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        signal: AbortSignal.timeout(config.timeoutMs),
      });
      return { status: response.status, text: await response.text() };
    } catch (error) {
      const timedOut =
        error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
      // undici puts the reason (ECONNREFUSED...) in the cause; the URL and headers stay out.
      const cause =
        error instanceof Error ? (error.cause as { code?: unknown } | undefined) : undefined;
      const code = typeof cause?.code === 'string' ? cause.code : 'network error';
      throw new PaymentProviderError(
        timedOut
          ? `MercadoPago ${operation}: no answer within ${config.timeoutMs} ms`
          : `MercadoPago ${operation}: request failed (${code})`,
        true,
      );
    }
  }

  function failure(operation: string, status: number, text: string): PaymentProviderError {
    const retryable = status === 429 || status >= 500;
    return new PaymentProviderError(
      `MercadoPago ${operation}: HTTP ${status}${reasonOf(text)}`,
      retryable,
    );
  }

  function parsePayment(operation: string, text: string): MercadoPagoPayment {
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw new PaymentProviderError(`MercadoPago ${operation}: answer is not JSON`);
    }
    const parsed = paymentSchema.safeParse(body);
    if (!parsed.success) {
      throw new PaymentProviderError(`MercadoPago ${operation}: answer is not a payment`);
    }
    return toPayment(parsed.data);
  }

  async function getPayment(id: string): Promise<MercadoPagoPayment> {
    const operation = `get payment ${id}`;
    const { status, text } = await call(operation, 'GET', `/v1/payments/${encodeURIComponent(id)}`);
    if (status !== 200) throw failure(operation, status, text);
    return parsePayment(operation, text);
  }

  function payerOf(payer: PayerInput) {
    return {
      email: payer.email,
      first_name: payer.firstName,
      ...(payer.lastName ? { last_name: payer.lastName } : {}),
      ...(payer.cpf ? { identification: { type: 'CPF', number: payer.cpf } } : {}),
    };
  }

  async function createPayment(
    operation: string,
    body: Record<string, unknown>,
    idempotencyKey: string,
  ): Promise<MercadoPagoPayment> {
    const { status, text } = await call(operation, 'POST', '/v1/payments', {
      body,
      idempotencyKey,
    });
    if (status !== 200 && status !== 201) throw failure(operation, status, text);
    return parsePayment(operation, text);
  }

  return {
    async createCardPayment(input) {
      return createPayment(
        'create card payment',
        {
          transaction_amount: centsToReais(input.amountCents),
          token: input.token,
          installments: input.installments,
          payment_method_id: input.paymentMethodId,
          ...(input.issuerId ? { issuer_id: input.issuerId } : {}),
          description: input.description,
          payer: payerOf(input.payer),
          external_reference: input.externalReference,
          notification_url: input.notificationUrl,
        },
        input.idempotencyKey,
      );
    },

    async createBoletoPayment(input) {
      const { address } = input.payer;
      return createPayment(
        'create boleto payment',
        {
          transaction_amount: centsToReais(input.amountCents),
          payment_method_id: 'bolbradesco',
          description: input.description,
          payer: {
            ...payerOf(input.payer),
            address: {
              zip_code: address.zipCode,
              street_name: address.street,
              street_number: address.number,
              neighborhood: address.neighborhood,
              city: address.city,
              federal_unit: address.state,
            },
          },
          external_reference: input.externalReference,
          notification_url: input.notificationUrl,
          date_of_expiration: formatMercadoPagoDate(input.dueAt),
        },
        input.idempotencyKey,
      );
    },

    async getInstallments(amountCents, bin) {
      const operation = 'get installments';
      const query = new URLSearchParams({
        amount: centsToReais(amountCents).toFixed(2),
        bin: bin.replace(/\D/g, '').slice(0, 8),
      });
      const { status, text } = await call(
        operation,
        'GET',
        `/v1/payment_methods/installments?${query.toString()}`,
      );
      if (status !== 200) throw failure(operation, status, text);
      let parsed;
      try {
        parsed = installmentsSchema.safeParse(JSON.parse(text));
      } catch {
        parsed = undefined;
      }
      if (!parsed?.success) {
        throw new PaymentProviderError(`MercadoPago ${operation}: answer is not a list of costs`);
      }
      return (parsed.data[0]?.payer_costs ?? []).map((cost) => ({
        installments: cost.installments,
        installmentRate: cost.installment_rate,
        installmentAmount: cost.installment_amount,
        totalAmount: cost.total_amount,
        recommendedMessage: cost.recommended_message ?? null,
      }));
    },

    async createPixPayment(input) {
      const operation = 'create PIX payment';
      const { payer } = input;
      const body = {
        transaction_amount: centsToReais(input.amountCents),
        description: input.description,
        payment_method_id: 'pix',
        payer: {
          email: payer.email,
          first_name: payer.firstName,
          ...(payer.lastName ? { last_name: payer.lastName } : {}),
          ...(payer.cpf ? { identification: { type: 'CPF', number: payer.cpf } } : {}),
        },
        external_reference: input.externalReference,
        notification_url: input.notificationUrl,
        date_of_expiration: formatMercadoPagoDate(input.expiresAt),
      };
      const { status, text } = await call(operation, 'POST', '/v1/payments', {
        body,
        idempotencyKey: input.idempotencyKey,
      });
      if (status !== 200 && status !== 201) throw failure(operation, status, text);
      return parsePayment(operation, text);
    },

    getPayment,

    async cancelPayment(id) {
      const operation = `cancel payment ${id}`;
      const { status, text } = await call(
        operation,
        'PUT',
        `/v1/payments/${encodeURIComponent(id)}`,
        { body: { status: 'cancelled' } },
      );
      if (status === 200) return parsePayment(operation, text);
      // MercadoPago refuses (400) to cancel a payment that is already approved, cancelled...
      if (status === 400) {
        const current = await getPayment(id);
        if (!CANCELLABLE_STATUSES.has(current.status)) return current;
      }
      throw failure(operation, status, text);
    },

    async refundPayment(id, idempotencyKey, amountCents) {
      const operation = `refund payment ${id}`;
      const body = amountCents === undefined ? {} : { amount: centsToReais(amountCents) };
      const { status, text } = await call(
        operation,
        'POST',
        `/v1/payments/${encodeURIComponent(id)}/refunds`,
        { body, idempotencyKey },
      );
      if (status === 200 || status === 201) {
        let parsed;
        try {
          parsed = refundSchema.safeParse(JSON.parse(text));
        } catch {
          parsed = undefined;
        }
        // The money moved: an answer we cannot read still means refunded, without its details.
        if (!parsed?.success) return { id: null, amount: null, status: null };
        return {
          id: parsed.data.id,
          amount: parsed.data.amount ?? null,
          status: parsed.data.status ?? null,
        };
      }
      if (status === 400 && amountCents === undefined) {
        if ((await getPayment(id)).status === 'refunded') {
          return { id: null, amount: null, status: null };
        }
      }
      throw failure(operation, status, text);
    },
  };
}
