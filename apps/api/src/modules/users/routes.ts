import {
  profileResponseSchema,
  profileUpdateResponseSchema,
  registerAnswerSchema,
  successMessageSchema,
} from '@lumina/shared/users/user-json';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema } from '../../http/error-schema.ts';
import { currentUser } from '../auth/authenticate.ts';
import { privateScope } from '../auth/private-scope.ts';
import { setRefreshCookie } from '../auth/refresh-cookie.ts';
import { requestMeta } from '../auth/request-meta.ts';
import type { MergeCartOnLogin } from '../carts/session-header.ts';
import { PROFILE_ANSWERS, type ProfileService } from './profile-service.ts';
import type { RegisterService } from './register-service.ts';

export interface UserRoutesOptions {
  register: RegisterService;
  /** Moves the visitor's anonymous cart (X-Session-ID) into the new user's cart. */
  mergeCart: MergeCartOnLogin;
  profile: ProfileService;
  secureCookies: boolean;
}

/**
 * Bodies are checked by the services with the shared schemas (parse-input.ts), which report
 * every failing rule at once; the route schemas only describe them for the OpenAPI document.
 */
const anyObject = z.looseObject({});

function noStore(reply: FastifyReply): FastifyReply {
  return reply.header('cache-control', 'no-store');
}

export const userRoutes: FastifyPluginCallbackZod<UserRoutesOptions> = (app, options, done) => {
  const { register, mergeCart, profile, secureCookies } = options;

  app.post(
    '/users/register',
    {
      schema: {
        tags: ['users'],
        summary: 'Creates an account (spec 000 §5 rules) and logs it in',
        description:
          'Body {user:{...}, address?:{...}}; the address is kept only when street, number, neighborhood, city, state and zip_code are all filled. Failures: 422 with every message in errors.',
        body: z.object({ user: anyObject, address: anyObject.nullish() }).describe('register'),
        response: {
          201: registerAnswerSchema,
          422: errorResponseSchema,
          429: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const answer = await register.register(request.body, requestMeta(request));
      setRefreshCookie(reply, answer.refresh_token, secureCookies);
      const merge = await mergeCart(answer.user.id, request);
      return noStore(reply)
        .code(201)
        .send({ ...answer, ...merge });
    },
  );

  // Everything below is about the signed-in account.
  void app.register((scope, _options, next) => {
    void scope.register(privateScope);

    scope.get(
      '/users/profile',
      {
        schema: {
          tags: ['users'],
          summary: 'The signed-in user',
          response: {
            200: profileResponseSchema,
            401: errorResponseSchema,
          },
        },
      },
      async (request) => {
        const user = await profile.get(currentUser(request).id);
        return { success: true as const, user };
      },
    );

    scope.put(
      '/users/profile',
      {
        schema: {
          tags: ['users'],
          summary: 'Edits name, e-mail, phone, CPF, birth date, gender and country (spec 001 §5)',
          description:
            'A new e-mail needs user.current_password and takes effect only when the link sent to it is followed (pending_email meanwhile). Any other field (role, email_verified...) is ignored.',
          body: z.object({ user: anyObject }),
          response: {
            200: profileUpdateResponseSchema,
            401: errorResponseSchema,
            422: errorResponseSchema,
          },
        },
      },
      async (request) => {
        const { user, message } = await profile.update(
          currentUser(request),
          request.body,
          requestMeta(request),
        );
        return { success: true as const, message, user };
      },
    );

    scope.post(
      '/users/change_password',
      {
        schema: {
          tags: ['users'],
          summary: 'Changes the password; the other sessions of the account are ended',
          body: anyObject,
          response: {
            200: successMessageSchema,
            401: errorResponseSchema,
            422: errorResponseSchema,
            429: errorResponseSchema,
          },
        },
      },
      async (request) => {
        await profile.changePassword(currentUser(request), request.body, requestMeta(request));
        return { success: true as const, message: PROFILE_ANSWERS.passwordChanged };
      },
    );

    next();
  });

  done();
};
