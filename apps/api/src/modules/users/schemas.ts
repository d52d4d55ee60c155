import { z } from 'zod';
import { errorResponseSchema } from '../../http/error-schema.ts';

/**
 * UserJson (user-json.ts) for the OpenAPI description and the response serializer: fields not
 * listed here are stripped on the way out, a second guard against leaking a column.
 */
export const userJsonSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    email: z.string(),
    cpf: z.string().nullable(),
    phone: z.string().nullable(),
    gender: z.enum(['M', 'F', 'O']).nullable(),
    birth_date: z.string().nullable(),
    country: z.string(),
    role: z.enum(['customer', 'admin']),
    email_verified: z.boolean(),
    has_password: z.boolean(),
    google_linked: z.boolean(),
    privacy_policy_accepted: z.boolean(),
    terms_of_service_accepted: z.boolean(),
    marketing_consent: z.boolean(),
    data_processing_consent: z.boolean(),
    created_at: z.string(),
  })
  .meta({ id: 'User' });

export const sessionTokensSchema = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
});

export const loginAnswerSchema = z.object({
  user: userJsonSchema,
  access_token: z.string(),
  refresh_token: z.string(),
  cart_migrated: z.boolean(),
  cart_items_count: z.number().int(),
});

/** Error body of login, which may also ask for the captcha. */
export const loginErrorSchema = errorResponseSchema.extend({
  captcha_required: z.boolean().optional(),
});

export const successMessageSchema = z.object({ success: z.literal(true), message: z.string() });
