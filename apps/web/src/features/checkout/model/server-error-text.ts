import { ApiError } from '../../../lib/api-client.ts';

/**
 * The server's own words for a failure (its `error` field, spec 001 §8, or this API's `message`),
 * else `fallback`: no answer, a timeout or an unreadable answer has nothing better to say.
 */
export function serverErrorText(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError) || !error.body || typeof error.body !== 'object') {
    return fallback;
  }
  const body = error.body as { error?: unknown; message?: unknown };
  for (const text of [body.error, body.message]) {
    if (typeof text === 'string' && text.trim() !== '') return text;
  }
  return fallback;
}
