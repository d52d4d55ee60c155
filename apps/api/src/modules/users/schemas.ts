import { userJsonSchema } from '@lumina/shared/users/user-json';
import { z } from 'zod';
import { errorResponseSchema } from '../../http/error-schema.ts';

/**
 * The user contract (packages/shared) for the OpenAPI description and the response serializer:
 * fields not listed there are stripped on the way out, a second guard against leaking a column.
 */
export { userJsonSchema };

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
