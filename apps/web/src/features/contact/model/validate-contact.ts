import type { ContactInput } from '@lumina/shared/contact/contact-schema';

export type ContactField = keyof ContactInput;
export type ContactErrors = Partial<Record<ContactField, string>>;

export type ContactValidation =
  { ok: true; data: ContactInput } | { ok: false; errors: ContactErrors };

const FIELDS: readonly ContactField[] = ['name', 'email', 'message'];

function isField(value: unknown): value is ContactField {
  return typeof value === 'string' && (FIELDS as readonly string[]).includes(value);
}

// The shared schema (and zod with it) is fetched on first use, not with the home page.
const loadSchema = () => import('@lumina/shared/contact/contact-schema');

export function preloadContactSchema(): void {
  void loadSchema();
}

/** Validates with the same zod schema as the API, so the messages are the shared pt-BR ones. */
export async function validateContact(values: ContactInput): Promise<ContactValidation> {
  const { contactSchema } = await loadSchema();
  const result = contactSchema.safeParse(values);
  if (result.success) return { ok: true, data: result.data };
  const errors: ContactErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if (isField(field)) errors[field] ??= issue.message;
  }
  return { ok: false, errors };
}

/**
 * Field errors from a 422 answer. The API sends `{message, fields: {name: [msg]}, errors: [msg]}`
 * (apps/api/src/http/error-schema.ts); an `errors` list of `{field|path, message}` is read too.
 */
export function fieldErrorsFromBody(body: unknown): ContactErrors {
  const errors: ContactErrors = {};
  if (!body || typeof body !== 'object') return errors;
  const { fields, errors: list } = body as { fields?: unknown; errors?: unknown };
  if (fields && typeof fields === 'object') {
    for (const [field, value] of Object.entries(fields as Record<string, unknown>)) {
      const message = Array.isArray(value) ? (value as unknown[])[0] : value;
      if (isField(field) && typeof message === 'string') errors[field] = message;
    }
  }
  if (Array.isArray(list)) {
    for (const item of list as unknown[]) {
      if (!item || typeof item !== 'object') continue;
      const entry = item as { field?: unknown; path?: unknown; message?: unknown };
      const field = Array.isArray(entry.path)
        ? (entry.path as unknown[])[0]
        : (entry.field ?? entry.path);
      if (isField(field) && typeof entry.message === 'string') errors[field] ??= entry.message;
    }
  }
  return errors;
}
