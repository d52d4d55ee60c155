import { z } from 'zod';

/** Kinds of failure the API answers with (apps/api/src/http/app-error.ts maps them to statuses). */
export const ERROR_KINDS = [
  'bad_request',
  'unauthorized',
  'not_allowed',
  'not_found',
  'conflict',
  'payload_too_large',
  'unsupported_media_type',
  'invalid_data',
  'too_many_requests',
  'unexpected',
  'unavailable',
] as const;
export type ErrorKind = (typeof ERROR_KINDS)[number];

/**
 * The body of every failing API answer: a pt-BR `message` ready to show, a machine `code`
 * ('insufficient_stock', 'token_expired'...) and, for validation failures, the messages by field.
 */
export const errorBodySchema = z
  .object({
    type: z.enum(ERROR_KINDS),
    code: z.string(),
    message: z.string().describe('pt-BR, ready to show'),
    errors: z.array(z.string()).optional(),
    fields: z.record(z.string(), z.array(z.string())).optional(),
  })
  .meta({ id: 'Error' });
export type ErrorBody = z.infer<typeof errorBodySchema>;

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
