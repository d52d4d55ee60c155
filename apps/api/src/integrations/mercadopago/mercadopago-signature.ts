import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * MercadoPago's own SDK suggests 300 s as a replay window (mercadopago/sdk-nodejs,
 * src/utils/webhook). A replay can only make us re-read the payment from the API, so the
 * window guards against little; it is kept for the documented advice, not as the last line.
 */
export const MERCADOPAGO_SIGNATURE_TOLERANCE_MS = 5 * 60_000;

/**
 * The documentation calls `ts` milliseconds but shows seconds (`ts=1704908010`), and the SDKs
 * were fixed to read seconds (mercadopago/sdk-nodejs#458). A value this large can only be
 * milliseconds: as seconds it would lie beyond the year 33658.
 */
const MILLISECOND_TS_FROM = 1e12;

export interface VerifyMercadoPagoSignatureInput {
  secret: string;
  /** The x-signature header: `ts=<ts>,v1=<hex>`. */
  xSignature: string | string[] | null | undefined;
  xRequestId: string | string[] | null | undefined;
  /** The `data.id` query parameter of the notification. */
  dataId: string | string[] | null | undefined;
  now?: Date;
  /** Largest distance between ts and now; null skips the check. */
  toleranceMs?: number | null;
}

/** A header or query value as frameworks hand it over: absent, blank or repeated. */
function single(value: string | string[] | null | undefined): string | undefined {
  const first = Array.isArray(value) ? value[0] : value;
  const trimmed = first?.trim();
  return trimmed ? trimmed : undefined;
}

function parseSignatureHeader(header: string): { ts?: string; v1?: string } {
  const parts: { ts?: string; v1?: string } = {};
  for (const part of header.split(',')) {
    const equals = part.indexOf('=');
    if (equals === -1) continue;
    const key = part.slice(0, equals).trim().toLowerCase();
    const value = part.slice(equals + 1).trim();
    if (value && (key === 'ts' || key === 'v1')) parts[key] = value;
  }
  return parts;
}

/**
 * `id:<data.id>;request-id:<x-request-id>;ts:<ts>;`, leaving out a pair whose value is absent
 * as the documentation asks. An alphanumeric data.id (orders' "ORD01...") is signed lower-cased.
 */
function manifest(dataId: string | undefined, requestId: string | undefined, ts: string): string {
  const id = dataId && /^[a-z0-9]+$/i.test(dataId) ? dataId.toLowerCase() : dataId;
  return (id ? `id:${id};` : '') + (requestId ? `request-id:${requestId};` : '') + `ts:${ts};`;
}

function hmacHex(secret: string, text: string): string {
  return createHmac('sha256', secret).update(text).digest('hex');
}

function tsToMs(ts: string): number {
  const value = Number(ts);
  return value >= MILLISECOND_TS_FROM ? value : value * 1000;
}

/**
 * Whether a webhook really comes from MercadoPago: the HMAC-SHA256 of the manifest with the
 * webhook secret must equal v1 (compared in constant time), and ts must be close to now.
 */
export function verifyMercadoPagoSignature(input: VerifyMercadoPagoSignatureInput): boolean {
  const header = single(input.xSignature);
  if (!header || !input.secret) return false;
  const { ts, v1 } = parseSignatureHeader(header);
  if (!ts || !v1 || !/^\d+$/.test(ts)) return false;

  const expected = Buffer.from(
    hmacHex(input.secret, manifest(single(input.dataId), single(input.xRequestId), ts)),
  );
  const received = Buffer.from(v1.toLowerCase());
  if (received.length !== expected.length || !timingSafeEqual(received, expected)) return false;

  const toleranceMs =
    input.toleranceMs === undefined ? MERCADOPAGO_SIGNATURE_TOLERANCE_MS : input.toleranceMs;
  if (toleranceMs === null) return true;
  const now = (input.now ?? new Date()).getTime();
  return Math.abs(now - tsToMs(ts)) <= toleranceMs;
}

export interface SignMercadoPagoNotificationInput {
  secret: string;
  dataId: string | null;
  requestId: string | null;
  /** Written as given (seconds or milliseconds); the verifier reads both. */
  ts: number | string;
}

/** The x-signature header MercadoPago would send, for the fake server and tests. */
export function signMercadoPagoNotification(input: SignMercadoPagoNotificationInput): string {
  const ts = String(input.ts);
  const text = manifest(input.dataId ?? undefined, input.requestId ?? undefined, ts);
  return `ts=${ts},v1=${hmacHex(input.secret, text)}`;
}
