import {
  confirmEmailAnswerSchema,
  EMAIL_VERIFICATION_MESSAGES,
} from '@lumina/shared/users/email-verification';
import { profileUpdateResponseSchema, successMessageSchema } from '@lumina/shared/users/user-json';
import { toProfileJson } from '../users/user-json.ts';
import type { FastifyPluginCallbackZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { FastifyReply } from 'fastify';
import { AppError } from '../../http/app-error.ts';
import { errorResponseSchema } from '../../http/error-schema.ts';
import { currentUser } from '../auth/authenticate.ts';
import { privateScope } from '../auth/private-scope.ts';
import { requestMeta } from '../auth/request-meta.ts';
import { cancelDonePage, cancelFormPage, cancelInvalidPage } from './cancel-page.ts';
import type { EmailVerificationService } from './service.ts';

/** A bound the form's one field never nears; anything longer is not a link we sent. */
const FORM_BODY_LIMIT = 1024;

const cancelTokenSchema = z.object({ token: z.string().max(200).optional() });

function html(reply: FastifyReply, status: number, page: string): string {
  reply.code(status).type('text/html; charset=utf-8').header('x-robots-tag', 'noindex');
  return page;
}

export const emailVerificationRoutes: FastifyPluginCallbackZod<{
  emailVerification: EmailVerificationService;
}> = (app, { emailVerification }, done) => {
  // 'Reenviar link' and 'Cancelar troca' from Minha Conta: the signed-in account's own.
  void app.register((scope, _options, next) => {
    void scope.register(privateScope);

    scope.post(
      '/users/email_verification',
      {
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

    scope.delete(
      '/users/email_change',
      {
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

    next();
  });

  // The links mailed to an address, followed with or without a session.
  void app.register((plain, _options, next) => {
    const scope = plain.withTypeProvider<ZodTypeProvider>();
    // Each answer is about one person's address.
    scope.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
    });

    // The 'Cancelar troca' page posts a plain HTML form: its one field, read as text.
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
      (_request, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(String(body))));
      },
    );

    scope.get(
      '/email_change_cancellations',
      {
        schema: {
          tags: ['users'],
          summary:
            "'Cancelar troca' link of the notice to the old address: a page with the button (HTML)",
          description:
            'Opening the link changes nothing (mail scanners open links); the button posts the token. 422 page for a link that is not live.',
          querystring: cancelTokenSchema,
        },
      },
      async (request, reply) => {
        const token = request.query.token ?? '';
        const live = await emailVerification.isCancelLinkLive(token);
        const shop = { appUrl: emailVerification.appUrl, name: emailVerification.shopName() };
        return live
          ? html(reply, 200, cancelFormPage(shop, token))
          : html(reply, 422, cancelInvalidPage(shop));
      },
    );

    scope.post(
      '/email_change_cancellations',
      {
        schema: {
          tags: ['users'],
          summary:
            "'Cancelar troca' without signing in: drops the pending e-mail change of the link's account (HTML)",
          body: cancelTokenSchema,
        },
      },
      async (request, reply) => {
        const shop = { appUrl: emailVerification.appUrl, name: emailVerification.shopName() };
        try {
          await emailVerification.cancelChangeByLink(
            request.body.token ?? '',
            requestMeta(request),
          );
        } catch (error) {
          if (error instanceof AppError && error.kind === 'invalid_data') {
            return html(reply, 422, cancelInvalidPage(shop));
          }
          throw error;
        }
        return html(reply, 200, cancelDonePage(shop));
      },
    );

    scope.post(
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
      async (request) =>
        emailVerification.confirm(request.body, requestMeta(request), request.user ?? undefined),
    );

    next();
  });

  done();
};
