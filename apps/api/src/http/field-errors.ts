import type { z } from 'zod';

/**
 * A failed parse's messages by form field, as the error body's `fields` carries them: the issue's
 * path without array positions ('user.name'; 'sizes' for any one of the sizes), `root` for an
 * issue on the value itself. Each message once per field, in the schema's order, so a form shows
 * a field's first message and the answer's `message` can be the first issue's.
 */
export function fieldErrors(error: z.ZodError, root: string): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const names = issue.path.filter((key) => typeof key !== 'number').map(String);
    const messages = (fields[names.join('.') || root] ??= []);
    if (!messages.includes(issue.message)) messages.push(issue.message);
  }
  return fields;
}
