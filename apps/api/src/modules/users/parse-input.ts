import type { z } from 'zod';
import { AppError } from '../../http/app-error.ts';
import { fieldErrors } from '../../http/field-errors.ts';

export const VALIDATION_FALLBACK = 'Erro de validação';

/**
 * Validates a body with a shared schema and fails with every message at once: `errors` lists
 * them (the forms map them to fields by keyword) and `message` joins them with commas, which is
 * what the account page shows (spec 001 §8).
 */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const fields = fieldErrors(result.error, 'body');
  const messages = [...new Set(Object.values(fields).flat())];
  return invalid(messages.join(', ') || VALIDATION_FALLBACK, fields);
}

function invalid(message: string, fields: Record<string, string[]>): never {
  throw new AppError('invalid_data', message, { code: 'validation_failed', fields });
}

/** One rule broken outside a schema (e-mail taken...), in the same shape as parseInput's. */
export function invalidField(field: string, message: string, code = 'validation_failed'): never {
  throw new AppError('invalid_data', message, { code, fields: { [field]: [message] } });
}
