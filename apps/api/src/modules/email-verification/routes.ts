import {
  confirmEmailAnswerSchema,
  EMAIL_VERIFICATION_MESSAGES,
} from '@lumina/shared/users/email-verification';
import { profileUpdateResponseSchema, successMessageSchema } from '@lumina/shared/users/user-json';
import { toProfileJson } from '../users/user-json.ts';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema } from '../../http/error-schema.ts';
import { currentUser, requireUser } from '../auth/authenticate.ts';
import { requestMeta } from '../auth/request-meta.ts';
import type { EmailVerificationService } from './service.ts';

export const emailVerificationRoutes: FastifyPluginCallbackZod<{
  emailVerification: EmailVerificationService;
}> = (app, { emailVerification }, done) => {
  // Each answer is about one person's address.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.post(
    '/users/email_verification',
    {
      preHandler: requireUser,
      schema: {
        tags: ['users'],
        summary:
          "Sends a new confirmation link ('Reenviar link'): to the pending new e-mail, else to the account's",
        description: 'At most 5 links an hour per account. Answers 200 when already confirmed.',
        response: {
          200: successMessageSchema,
          401: errorResponseSchema,
          429: errorResponseSchema,
        },
      },
    },
    async (request) => emailVerification.resend(currentUser(request).id, requestMeta(request)),
  );

  app.delete(
    '/users/email_change',
    {
      preHandler: requireUser,
      schema: {
        tags: ['users'],
        summary: "'Cancelar troca': drops the pending new e-mail; its link stops working",
        response: { 200: profileUpdateResponseSchema, 401: errorResponseSchema },
      },
    },
    async (request) => {
      const user = await emailVerification.cancelChange(
        currentUser(request).id,
        requestMeta(request),
      );
      return {
        success: true as const,
        message: EMAIL_VERIFICATION_MESSAGES.changeCancelled,
        user: toProfileJson(user),
      };
    },
  );

  app.post(
    '/email_verifications',
    {
      schema: {
        tags: ['users'],
        summary: 'Follows a confirmation link: verifies the e-mail or completes an e-mail change',
        description:
          'The token of the link /confirmar-email?token=… goes in the body. Single use, 48 hours; only the newest link of the account works.',
        body: z.looseObject({}).describe('{token}'),
        response: {
          200: confirmEmailAnswerSchema,
          422: errorResponseSchema,
          429: errorResponseSchema,
        },
      },
    },
    async (request) => emailVerification.confirm(request.body, requestMeta(request)),
  );

  done();
};
