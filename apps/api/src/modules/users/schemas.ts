import { z } from 'zod';
import { errorResponseSchema } from '../../http/error-schema.ts';

/**
 * The user answers are the shared contract (packages/shared/src/users/user-json.ts): routes
 * serialise with it, so a column not listed there is stripped on the way out. The auth routes
 * import these two from here.
 */
export { loginAnswerSchema, successMessageSchema } from '@lumina/shared/users/user-json';

export const sessionTokensSchema = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
});

/** Error body of login, which may also ask for the captcha. */
export const loginErrorSchema = errorResponseSchema.extend({
  captcha_required: z.boolean().optional(),
});
