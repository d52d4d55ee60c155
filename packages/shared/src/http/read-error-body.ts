// No zod here: the web's API client (in every page's first download) reads error bodies with it.

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== '' ? value : undefined;

/**
 * Reads an error body leniently, field by field, never throwing: whatever of the contract is
 * there (a proxy's page or an older server may send less). `message` falls back to the `error`
 * field the spec's answers use.
 */
export function readErrorBody(body: unknown): {
  code: string | undefined;
  message: string | undefined;
  errors: string[];
  fields: Record<string, string[]>;
} {
  const record = body !== null && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  const errors = Array.isArray(record.errors)
    ? record.errors.filter((item): item is string => typeof item === 'string' && item !== '')
    : [];
  const fields: Record<string, string[]> = {};
  if (record.fields !== null && typeof record.fields === 'object') {
    for (const [name, messages] of Object.entries(record.fields as Record<string, unknown>)) {
      const list = (Array.isArray(messages) ? messages : [messages]).filter(
        (item): item is string => typeof item === 'string' && item !== '',
      );
      if (list.length > 0) fields[name] = list;
    }
  }
  return {
    code: text(record.code),
    message: text(record.message) ?? text(record.error),
    errors,
    fields,
  };
}
