import { ApiError } from '../../../lib/api-client.ts';

/**
 * The `errors` array of an API failure (apps/api/src/http/error-schema.ts), e.g. every failing
 * rule of a 422; empty when the answer carried none.
 */
export function serverErrorList(error: unknown): string[] {
  return error instanceof ApiError ? error.errors : [];
}

/** Field messages of a 422 keyed by field name ('zip_code', 'user.email' becomes 'email'). */
export function serverFieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError)) return {};
  const result: Record<string, string> = {};
  for (const [path, messages] of Object.entries(error.fields)) {
    const first = messages[0];
    const field = path.split('.').at(-1);
    if (field && first) result[field] ??= first;
  }
  return result;
}

/** The field messages of a 422 that belong to one of `fields`, in the server's order. */
export function serverErrorsOn<F extends string>(
  error: unknown,
  fields: readonly F[],
): [F, string][] {
  return Object.entries(serverFieldErrors(error)).filter((entry): entry is [F, string] =>
    (fields as readonly string[]).includes(entry[0]),
  );
}

/** The `message` the server wrote, if it answered with one. */
export function serverMessage(error: unknown): string | undefined {
  return error instanceof ApiError ? error.serverMessage : undefined;
}

/** The server's list when it gave one, else its message, else `fallback`. */
export function serverMessages(error: unknown, fallback: string): string[] {
  const list = serverErrorList(error);
  if (list.length > 0) return list;
  const message = serverMessage(error);
  return [message ?? fallback];
}
