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

/** The form's fields among a 422's field messages (ApiError.fields, the shared error body). */
export function fieldErrorsFromBody(fields: Record<string, string[]>): ContactErrors {
  const errors: ContactErrors = {};
  for (const [field, messages] of Object.entries(fields)) {
    const message = messages[0];
    if (isField(field) && message) errors[field] = message;
  }
  return errors;
}
