import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { ProviderLabelStatus } from '../../modules/fulfilment/ports.ts';
import { parseMelhorEnvioDate, readLabelStatus } from './melhor-envio-wire.ts';

/** The header Melhor Envio signs its webhooks in. */
export const MELHOR_ENVIO_SIGNATURE_HEADER = 'x-me-signature';

function hmac(rawBody: Buffer | string, secret: string): Buffer {
  return createHmac('sha256', secret).update(rawBody).digest();
}

/** HMAC-SHA256 of the raw body with the app's secret, base64: how the fake signs. */
export function signMelhorEnvioBody(rawBody: Buffer | string, secret: string): string {
  return hmac(rawBody, secret).toString('base64');
}

/** The 32 bytes a header spells in hex (64 digits) or base64, or null. */
function headerBytes(header: string): Buffer | null {
  const value = header.trim().replace(/^sha256=/i, '');
  if (/^[0-9a-f]{64}$/i.test(value)) return Buffer.from(value, 'hex');
  if (/^[A-Za-z0-9+/]{43}=$/.test(value)) return Buffer.from(value, 'base64');
  return null;
}

/**
 * Whether X-ME-Signature is the HMAC-SHA256 of the exact bytes received, keyed with the app's
 * secret (docs.melhorenvio.com.br/docs/webhooks). The docs do not show its encoding, so the
 * same HMAC is accepted in base64 or in hex; the comparison takes the same time either way.
 */
export function verifyMelhorEnvioSignature(
  rawBody: Buffer | string,
  header: string | undefined,
  secret: string,
): boolean {
  if (!secret || typeof header !== 'string') return false;
  const given = headerBytes(header);
  const expected = hmac(rawBody, secret);
  return given !== null && given.length === expected.length && timingSafeEqual(given, expected);
}

const text = z.string().nullish().catch(null);

const webhookBody = z.looseObject({
  event: z.string().min(1),
  data: z.looseObject({
    id: z.union([z.string().min(1), z.number()]).transform(String),
    status: z.unknown().optional(),
    tracking: text,
    created_at: z.unknown().optional(),
    paid_at: z.unknown().optional(),
    generated_at: z.unknown().optional(),
    posted_at: z.unknown().optional(),
    delivered_at: z.unknown().optional(),
    canceled_at: z.unknown().optional(),
    expired_at: z.unknown().optional(),
    updated_at: z.unknown().optional(),
  }),
});

type WebhookData = z.output<typeof webhookBody>['data'];

/** When the label reached each status, by the field Melhor Envio dates it with. */
const STATUS_DATE: Record<ProviderLabelStatus, keyof WebhookData> = {
  pending: 'created_at',
  released: 'paid_at',
  generated: 'generated_at',
  posted: 'posted_at',
  delivered: 'delivered_at',
  canceled: 'canceled_at',
  expired: 'expired_at',
};

export interface MelhorEnvioWebhook {
  /** As sent: 'order.posted', 'order.delivered'... */
  event: string;
  providerOrderId: string;
  /** The label's status, or null for an event the shop does not follow. */
  status: ProviderLabelStatus | null;
  trackingCode: string | null;
  occurredAt: Date | null;
}

/**
 * A webhook's body, {event: 'order.<status>', data: <the label>} (the event names and the body
 * are not in Melhor Envio's public docs; this reads them defensively). The label's own status
 * wins over the event's name; null for a body without an event or a label id.
 */
export function parseMelhorEnvioWebhook(body: unknown): MelhorEnvioWebhook | null {
  const parsed = webhookBody.safeParse(body);
  if (!parsed.success) return null;
  const { event, data } = parsed.data;
  // order.created announces a label put in the cart, which Melhor Envio calls pending.
  const named = event.replace(/^order\./, '');
  const status =
    readLabelStatus(data.status) ?? readLabelStatus(named === 'created' ? 'pending' : named);
  const occurredAt =
    (status ? parseMelhorEnvioDate(data[STATUS_DATE[status]]) : null) ??
    parseMelhorEnvioDate(data.updated_at);
  return {
    event,
    providerOrderId: data.id,
    status,
    trackingCode: data.tracking?.trim() || null,
    occurredAt,
  };
}
