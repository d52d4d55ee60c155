import { loginSchema } from '@lumina/shared/users/login-schema';
import type { FastifyReply } from 'fastify';
import type { MergeCartOnLogin } from '../carts/session-header.ts';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema } from '../../http/error-schema.ts';
import { errorBody } from '../../http/error-handler.ts';
import type { Throttle } from '../security/throttle.ts';
import {
  loginAnswerSchema,
  loginErrorSchema,
  sessionTokensSchema,
  successMessageSchema,
} from '../users/schemas.ts';
import { AUTH_LIMITS, THROTTLE_MESSAGES, throttleKeys } from './auth-limits.ts';
import { captchaChallengeSchema, type CaptchaService } from './captcha.ts';
import { CaptchaRequiredError, type LoginService } from './login-service.ts';
import { clearRefreshCookie, refreshCookie, setRefreshCookie } from './refresh-cookie.ts';
import { requestMeta } from './request-meta.ts';
import { TOKEN_MESSAGES, type TokenService } from './token-service.ts';
import { AppError } from '../../http/app-error.ts';

export interface AuthRoutesOptions {
  login: LoginService;
  /** Moves the visitor's anonymous cart (X-Session-ID) into the user's cart. */
  mergeCart: MergeCartOnLogin;
  tokens: TokenService;
  captcha: CaptchaService;
  throttle: Throttle;
  /** Secure cookies (HTTPS only) in production. */
  secureCookies: boolean;
}

export const LOGOUT_MESSAGE = 'Logout realizado com sucesso';

/** refresh and logout take the token from the cookie or, for API clients, from the body. */
const refreshBodySchema = z.object({ refresh_token: z.string().max(512).optional() }).nullish();

function noStore(reply: FastifyReply): FastifyReply {
  return reply.header('cache-control', 'no-store');
}

export const authRoutes: FastifyPluginCallbackZod<AuthRoutesOptions> = (app, options, done) => {
  const { login, mergeCart, tokens, captcha, throttle, secureCookies } = options;

  app.post(
    '/auth/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Password login; after 5 failures in 15 min the account also needs captcha_token',
        description:
          'captcha_token is the ALTCHA widget payload (base64 JSON of the challenge from GET /api/auth/captcha and its solution): good for one attempt, within 5 minutes. A replayed, expired, forged or malformed one is answered 429 captcha_invalid. The refresh token is also set in the httpOnly cookie lumina_refresh.',
        body: loginSchema,
        response: {
          200: loginAnswerSchema,
          401: loginErrorSchema,
          422: errorResponseSchema,
          429: loginErrorSchema,
        },
      },
    },
    async (request, reply) => {
      try {
        const answer = await login.login(request.body, requestMeta(request));
        setRefreshCookie(reply, answer.refresh_token, secureCookies);
        return noStore(reply).send({ ...answer, ...(await mergeCart(answer.user.id, request)) });
      } catch (error) {
        if (!(error instanceof CaptchaRequiredError)) throw error;
        return noStore(reply)
          .code(error.status)
          .send({ ...errorBody(error), captcha_required: true });
      }
    },
  );

  app.post(
    '/auth/refresh',
    {
      schema: {
        tags: ['auth'],
        summary: 'Rotates the refresh token (cookie lumina_refresh or body refresh_token)',
        body: refreshBodySchema,
        response: {
          200: z.object({ tokens: sessionTokensSchema }),
          401: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const presented = request.body?.refresh_token || refreshCookie(request);
      if (!presented) {
        throw new AppError('unauthorized', TOKEN_MESSAGES.refreshRequired, {
          code: 'refresh_token_required',
        });
      }
      try {
        const pair = await tokens.rotate(presented, requestMeta(request));
        setRefreshCookie(reply, pair.refresh_token, secureCookies);
        return noStore(reply).send({ tokens: pair });
      } catch (error) {
        clearRefreshCookie(reply, secureCookies);
        throw error;
      }
    },
  );

  app.post(
    '/auth/logout',
    {
      schema: {
        tags: ['auth'],
        summary: 'Ends the session of the presented refresh token (or of the access token)',
        body: refreshBodySchema,
        response: { 200: successMessageSchema },
      },
    },
    async (request, reply) => {
      const presented = request.body?.refresh_token || refreshCookie(request);
      if (presented) await tokens.revoke(presented);
      if (request.user) await tokens.revokeSession(request.user.id, request.user.sessionId);
      clearRefreshCookie(reply, secureCookies);
      return noStore(reply).send({ success: true as const, message: LOGOUT_MESSAGE });
    },
  );

  app.get(
    '/auth/captcha',
    {
      schema: {
        tags: ['auth'],
        summary:
          'A new ALTCHA proof-of-work challenge for login (solve within 5 minutes, use once)',
        description:
          "The JSON the altcha widget fetches from its challenge URL (altcha-lib v2: PBKDF2/SHA-256, HMAC-signed with a key derived from the JWT secret). The widget's payload goes to POST /api/auth/login as captcha_token.",
        response: {
          200: captchaChallengeSchema,
          429: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      await throttle.consume(
        [{ key: throttleKeys.captchaIp(request.ip), ...AUTH_LIMITS.captchaPerIp }],
        THROTTLE_MESSAGES.captcha,
      );
      return noStore(reply).send(await captcha.create());
    },
  );

  done();
};
