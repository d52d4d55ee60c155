import { z } from 'zod';

/** ErrorBody (app-error.ts) for the OpenAPI description of every failing answer. */
export const errorResponseSchema = z
  .object({
    type: z.string(),
    code: z.string(),
    message: z.string().describe('pt-BR, ready to show'),
    errors: z.array(z.string()).optional(),
    fields: z.record(z.string(), z.array(z.string())).optional(),
  })
  .meta({ id: 'Error' });
