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

export { readErrorBody } from './read-error-body.ts';
