import { forgotPasswordSchema } from '@lumina/shared/users/login-schema';
import { resetPasswordSchema, resetTokenSchema } from '@lumina/shared/users/reset-password-schema';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema } from '../../http/error-schema.ts';
import { requestMeta } from '../auth/request-meta.ts';
import type { PasswordResetService } from './service.ts';

const messageSchema = z.object({ message: z.string() });
const resetDoneSchema = z.object({ success: z.literal(true), message: z.string() });

export const passwordResetRoutes: FastifyPluginCallbackZod<{
  passwordResets: PasswordResetService;
}> = (app, { passwordResets }, done) => {
  // Nothing here may be cached: each answer is about one person's link.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.post(
    '/password_resets',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Forgot password: e-mails a reset link when the account exists',
        description: 'Always the same answer, so the form does not reveal who has an account.',
        body: forgotPasswordSchema,
        response: { 200: messageSchema, 422: errorResponseSchema, 429: errorResponseSchema },
      },
    },
    async (request) => passwordResets.request(request.body.email, requestMeta(request)),
  );

  app.get(
    '/password_resets/verify/:token',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Whether a reset link can still be used',
        params: z.object({ token: z.string() }),
        response: { 200: z.object({ valid: z.boolean() }) },
      },
    },
    async (request) => ({ valid: await passwordResets.verify(request.params.token) }),
  );

  app.put(
    '/password_resets/:token',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Sets a new password with a reset link and ends every session of the account',
        params: z.object({ token: resetTokenSchema }),
        body: resetPasswordSchema,
        response: { 200: resetDoneSchema, 422: errorResponseSchema },
      },
    },
    async (request) =>
      passwordResets.reset(request.params.token, request.body.password, requestMeta(request)),
  );

  done();
};
