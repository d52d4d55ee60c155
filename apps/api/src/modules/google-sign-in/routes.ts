import type { FastifyReply } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema } from '../../http/error-schema.ts';
import { GoogleSignInError, providerErrorCode } from '../../integrations/google/google-sign-in.ts';
import { setRefreshCookie } from '../auth/refresh-cookie.ts';
import { requestMeta } from '../auth/request-meta.ts';
import { loginAnswerSchema } from '@lumina/shared/users/user-json';
import {
  clearLoginCodeCookie,
  LOGIN_CODE_COOKIE,
  type PendingCookie,
  setLoginCodeCookie,
} from './cookies.ts';
import type { MergeCartOnLogin } from '../carts/session-header.ts';
import { type GoogleSignInService, LOGIN_CODE_TTL_SECONDS } from './service.ts';

export interface GoogleSignInRoutesOptions {
  googleSignIn: GoogleSignInService;
  pendingCookie: PendingCookie;
  /** GOOGLE_REDIRECT_URL: the callback address registered with the provider. */
  redirectUrl: string;
  secureCookies: boolean;
  now: () => Date;
  /** Moves the visitor's anonymous cart (X-Session-ID) into the user's cart. */
  mergeCart: MergeCartOnLogin;
}

/** Where the browser lands: the storefront, which reads `login` or `error` (spec 000 §4, §8). */
const SUCCESS_PATH = '/?login=success';
const errorPath = (code: string) => `/?error=${encodeURIComponent(code)}`;

function redirect(reply: FastifyReply, location: string) {
  return reply.header('cache-control', 'no-store').redirect(location, 302);
}

export const googleSignInRoutes: FastifyPluginCallbackZod<GoogleSignInRoutesOptions> = (
  app,
  { googleSignIn, pendingCookie, redirectUrl, secureCookies, now, mergeCart },
  done,
) => {
  const cookieSettings = { secure: secureCookies };

  app.get(
    '/auth/providers',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Sign-in methods this store offers besides e-mail and password',
        response: { 200: z.object({ google: z.boolean() }) },
      },
    },
    () => Promise.resolve({ google: googleSignIn.configured }),
  );

  app.get(
    '/auth/google',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Starts Google sign-in: redirects to the provider (state, nonce, PKCE)',
        description: 'A browser navigation, not a data call. Errors come back as /?error=<code>.',
      },
    },
    async (_request, reply) => {
      if (!googleSignIn.configured) return redirect(reply, errorPath('google_not_configured'));
      try {
        const { url, pending } = await googleSignIn.start();
        pendingCookie.set(reply, pending, now());
        return redirect(reply, url.href);
      } catch (error) {
        const code = error instanceof GoogleSignInError ? error.code : 'temporarily_unavailable';
        app.log.warn({ err: error, code }, 'Google sign-in could not start');
        return redirect(reply, errorPath(code));
      }
    },
  );

  app.get(
    '/auth/google/callback',
    {
      schema: {
        tags: ['accounts'],
        summary: "The provider's redirect back: signs in and sends the browser to /?login=success",
        description:
          'Sets a one-time code in an httpOnly cookie for POST /api/auth/google/exchange; no token travels in a URL.',
      },
    },
    async (request, reply) => {
      const pending = pendingCookie.read(request, now());
      pendingCookie.clear(reply);
      const query = new URL(request.url, 'http://callback.invalid').searchParams;

      const providerError = query.get('error');
      if (providerError) return redirect(reply, errorPath(providerErrorCode(providerError)));
      if (!pending || query.get('state') !== pending.state) {
        return redirect(reply, errorPath('invalid_request'));
      }

      const callbackUrl = new URL(redirectUrl);
      callbackUrl.search = query.toString();
      try {
        const code = await googleSignIn.complete(callbackUrl, pending, requestMeta(request));
        setLoginCodeCookie(reply, code, LOGIN_CODE_TTL_SECONDS, cookieSettings);
        return redirect(reply, SUCCESS_PATH);
      } catch (error) {
        const code = error instanceof GoogleSignInError ? error.code : 'server_error';
        request.log.warn({ err: error, code }, 'Google sign-in failed');
        return redirect(reply, errorPath(code));
      }
    },
  );

  app.post(
    '/auth/google/exchange',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Trades the one-time code cookie set by the callback for a session',
        description: 'Answers like POST /api/auth/login. The code works once, for 60 seconds.',
        response: { 200: loginAnswerSchema, 401: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const code = request.cookies[LOGIN_CODE_COOKIE];
      clearLoginCodeCookie(reply, cookieSettings);
      const answer = await googleSignIn.exchange(code, requestMeta(request));
      setRefreshCookie(reply, answer.refresh_token, secureCookies);
      const merge = await mergeCart(answer.user.id, request);
      return reply.header('cache-control', 'no-store').send({ ...answer, ...merge });
    },
  );

  done();
};
