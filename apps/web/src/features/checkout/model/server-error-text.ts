import { ApiError } from '../../../lib/api-client.ts';

/**
 * The server's own words for a failure (its `error` field, spec 001 §8, or this API's `message`),
 * else `fallback`: no answer, a timeout or an unreadable answer has nothing better to say.
 */
export function serverErrorText(error: unknown, fallback: string): string {
  return (error instanceof ApiError ? error.serverMessage : undefined) ?? fallback;
}
