import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema } from '../../http/error-schema.ts';
import { guardScope } from '../auth/private-scope.ts';
import { ACCESS_TOKEN_TTL_SECONDS } from '../auth/token-service.ts';

/**
 * The panel's button to the API documentation opens it in a new tab, which carries no bearer
 * header. The panel first asks for this cookie: the administrator's own access token, httpOnly,
 * sent only to /api/docs, strict same-site, gone with the token. The docs door reads it as it
 * reads a bearer token, role from the database included; no token ever rides in the URL.
 */
export const DOCS_COOKIE = 'lumina_docs';
export const DOCS_PATH = '/api/docs';

function bearerOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  return header?.startsWith('Bearer ') ? header.slice('Bearer '.length) : undefined;
}

/** For the docs scope, before `authenticate`: the cookie stands for the missing bearer header. */
export function docsCookieAsBearer(
  request: FastifyRequest,
  _reply: FastifyReply,
  done: () => void,
): void {
  const token = request.cookies[DOCS_COOKIE];
  if (!request.headers.authorization && token) request.headers.authorization = `Bearer ${token}`;
  done();
}

export const adminDocsSessionRoutes: FastifyPluginCallbackZod<{ secureCookies: boolean }> = (
  app,
  { secureCookies },
  done,
) => {
  guardScope(app, { access: 'admin', permission: 'settings' });
  app.post(
    '/admin/docs_session',
    {
      schema: {
        tags: ['admin'],
        summary: 'Lets this administrator open /api/docs in a new tab (a cookie for that path)',
        response: {
          200: z.object({ url: z.literal(DOCS_PATH) }),
          401: errorResponseSchema,
          403: errorResponseSchema,
        },
      },
    },
    async (request, reply: FastifyReply) => {
      void reply
        .setCookie(DOCS_COOKIE, bearerOf(request) ?? '', {
          path: DOCS_PATH,
          httpOnly: true,
          sameSite: 'strict',
          secure: secureCookies,
          maxAge: ACCESS_TOKEN_TTL_SECONDS,
        })
        .header('cache-control', 'no-store');
      return { url: DOCS_PATH as typeof DOCS_PATH };
    },
  );
  done();
};
