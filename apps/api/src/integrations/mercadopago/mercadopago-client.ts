import { z } from 'zod';
import { PaymentProviderError } from '../payments/provider.ts';

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
}

export interface MercadoPagoClient {
  createPixPayment(input: MercadoPagoPixPaymentInput): Promise<MercadoPagoPayment>;
  getPayment(id: string): Promise<MercadoPagoPayment>;
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
});

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

function toPayment(raw: z.output<typeof paymentSchema>): MercadoPagoPayment {
  const data = raw.point_of_interaction?.transaction_data;
  return {
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

  return {
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
