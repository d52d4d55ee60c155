import type { z } from 'zod';

/**
 * A failed parse's messages by form field, as the error body's `fields` carries them: the issue's
 * path without array positions ('user.name'; 'sizes' for any one of the sizes) except under
 * `rowsOf`, `root` for an
 * issue on the value itself. Each message once per field, in the schema's order, so a form shows
 * a field's first message and the answer's `message` can be the first issue's.
 */
export function fieldErrors(
  error: z.ZodError,
  root: string,
  options: { rowsOf?: readonly string[] } = {},
): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  for (const issue of error.issues) {
    // A grid's rows keep their position ('variants.3.sku'), so the form marks the right row.
    const keepsRows = options.rowsOf?.includes(String(issue.path[0])) ?? false;
    const names = issue.path.filter((key) => keepsRows || typeof key !== 'number').map(String);
    const messages = (fields[names.join('.') || root] ??= []);
    if (!messages.includes(issue.message)) messages.push(issue.message);
  }
  return fields;
}
