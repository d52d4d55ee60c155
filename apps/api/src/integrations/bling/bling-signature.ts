import { createHmac, timingSafeEqual } from 'node:crypto';

/** Bling signs each webhook: X-Bling-Signature-256: sha256=<hex HMAC-SHA256(raw body, secret)>. */
export function signBlingWebhook(rawBody: string, secret: string): string {
  return `sha256=${createHmac('sha256', secret).update(rawBody).digest('hex')}`;
}

/** Constant-time comparison of the header with the signature of the exact bytes received. */
export function verifyBlingSignature(
  rawBody: string,
  header: string | string[] | undefined,
  secret: string,
): boolean {
  if (typeof header !== 'string') return false;
  const expected = Buffer.from(signBlingWebhook(rawBody, secret));
  const given = Buffer.from(header.trim().toLowerCase());
  return given.length === expected.length && timingSafeEqual(given, expected);
}
