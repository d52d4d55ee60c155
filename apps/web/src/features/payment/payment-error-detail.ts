import { ApiError } from '../../lib/api-client.ts';

/** The server's own words (e.g. the payment provider's refusal), when it sent some. */
export function serverMessage(error: unknown): string | null {
  if (error instanceof ApiError) return error.serverMessage ?? null;
  return error instanceof Error && error.message ? error.message : null;
}
