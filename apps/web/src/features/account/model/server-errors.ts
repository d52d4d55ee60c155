import { ApiError } from '../../../lib/api-client.ts';

/**
 * The `errors` array of an API failure (apps/api/src/http/error-schema.ts), e.g. every failing
 * rule of a 422; empty when the answer carried none.
 */
export function serverErrorList(error: unknown): string[] {
  if (!(error instanceof ApiError) || !error.body || typeof error.body !== 'object') return [];
  const errors = (error.body as { errors?: unknown }).errors;
  return Array.isArray(errors)
    ? errors.filter((item): item is string => typeof item === 'string' && item.length > 0)
    : [];
}

/** Field messages of a 422 keyed by field name ('zip_code', 'user.email' becomes 'email'). */
export function serverFieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError) || !error.body || typeof error.body !== 'object') return {};
  const fields = (error.body as { fields?: unknown }).fields;
  if (!fields || typeof fields !== 'object') return {};
  const result: Record<string, string> = {};
  for (const [path, messages] of Object.entries(fields as Record<string, unknown>)) {
    const first: unknown = Array.isArray(messages) ? messages[0] : undefined;
    const field = path.split('.').at(-1);
    if (field && typeof first === 'string') result[field] ??= first;
  }
  return result;
}

/** The `message` the server wrote, if it answered with one. */
export function serverMessage(error: unknown): string | undefined {
  if (!(error instanceof ApiError) || !error.body || typeof error.body !== 'object') return;
  const message = (error.body as { message?: unknown }).message;
  return typeof message === 'string' && message.length > 0 ? message : undefined;
}

/** The server's list when it gave one, else its message, else `fallback`. */
export function serverMessages(error: unknown, fallback: string): string[] {
  const list = serverErrorList(error);
  if (list.length > 0) return list;
  const message = serverMessage(error);
  return [message ?? fallback];
}
