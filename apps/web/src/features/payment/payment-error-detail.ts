import { ApiError } from '../../lib/api-client.ts';

/** The server's own words (e.g. the payment provider's refusal), when it sent some. */
export function serverMessage(error: unknown): string | null {
  if (error instanceof ApiError) {
    const body = error.body as { message?: unknown; error?: unknown } | null;
    if (body && typeof body.message === 'string' && body.message) return body.message;
    if (body && typeof body.error === 'string' && body.error) return body.error;
    return null;
  }
  return error instanceof Error && error.message ? error.message : null;
}
