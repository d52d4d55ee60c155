import type { FastifyReply, FastifyRequest } from 'fastify';
import { REFRESH_TOKEN_TTL_MS } from './token-service.ts';

export const REFRESH_COOKIE = 'lumina_refresh';
/** Sent only to the auth endpoints that read it (refresh, logout). */
export const REFRESH_COOKIE_PATH = '/api/auth';

function cookieOptions(secure: boolean) {
  return {
    path: REFRESH_COOKIE_PATH,
    httpOnly: true,
    sameSite: 'lax' as const,
    secure,
  };
}

/** Keeps the refresh token where page scripts cannot read it; `secure` in production. */
export function setRefreshCookie(reply: FastifyReply, token: string, secure: boolean): void {
  void reply.setCookie(REFRESH_COOKIE, token, {
    ...cookieOptions(secure),
    maxAge: Math.floor(REFRESH_TOKEN_TTL_MS / 1000),
  });
}

export function clearRefreshCookie(reply: FastifyReply, secure: boolean): void {
  void reply.clearCookie(REFRESH_COOKIE, cookieOptions(secure));
}

export function refreshCookie(request: FastifyRequest): string | undefined {
  return request.cookies[REFRESH_COOKIE] || undefined;
}
