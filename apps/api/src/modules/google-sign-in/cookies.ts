import { createHmac } from 'node:crypto';
import { Signer } from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { PendingSignIn } from '../../integrations/google/google-sign-in.ts';

/** state, nonce and PKCE verifier between the redirect to the provider and its callback. */
export const PENDING_COOKIE = 'lumina_google_pending';
const PENDING_PATH = '/api/auth/google';
/** Long enough to pick an account and accept the consent screen. */
export const PENDING_TTL_SECONDS = 10 * 60;

/** The one-time code the web app trades for tokens (POST /api/auth/google/exchange). */
export const LOGIN_CODE_COOKIE = 'lumina_login_code';
const LOGIN_CODE_PATH = '/api/auth/google/exchange';

interface CookieSettings {
  /** Only over https when the store is served over https (APP_URL). */
  secure: boolean;
}

const pendingSchema = z.object({
  state: z.string().min(1).max(200),
  nonce: z.string().min(1).max(200),
  codeVerifier: z.string().min(43).max(128),
  expiresAt: z.number(),
});

/**
 * Signs the pending-sign-in cookie with a key derived from the JWT secret (HMAC with a purpose
 * label), so a cookie planted by a neighbouring site cannot choose the state and verifier.
 */
export function createPendingCookie(jwtSecret: string, settings: CookieSettings) {
  const key = createHmac('sha256', jwtSecret).update('lumina google sign-in cookie').digest('hex');
  const signer = new Signer(key);
  const options = {
    path: PENDING_PATH,
    httpOnly: true,
    // Lax: the callback is a top-level navigation from the provider's site.
    sameSite: 'lax' as const,
    secure: settings.secure,
  };

  return {
    set(reply: FastifyReply, pending: PendingSignIn, now: Date): void {
      const payload = { ...pending, expiresAt: now.getTime() + PENDING_TTL_SECONDS * 1000 };
      const value = Buffer.from(JSON.stringify(payload)).toString('base64url');
      void reply.setCookie(PENDING_COOKIE, signer.sign(value), {
        ...options,
        maxAge: PENDING_TTL_SECONDS,
      });
    },

    /** The pending sign-in, or undefined when missing, tampered with or expired. */
    read(request: FastifyRequest, now: Date): PendingSignIn | undefined {
      const raw = request.cookies[PENDING_COOKIE];
      if (!raw) return undefined;
      const unsigned = signer.unsign(raw);
      if (!unsigned.valid || unsigned.value === null) return undefined;
      let decoded: unknown;
      try {
        decoded = JSON.parse(Buffer.from(unsigned.value, 'base64url').toString('utf8'));
      } catch {
        return undefined;
      }
      const parsed = pendingSchema.safeParse(decoded);
      if (!parsed.success || parsed.data.expiresAt <= now.getTime()) return undefined;
      const { state, nonce, codeVerifier } = parsed.data;
      return { state, nonce, codeVerifier };
    },

    clear(reply: FastifyReply): void {
      void reply.clearCookie(PENDING_COOKIE, options);
    },
  };
}

export type PendingCookie = ReturnType<typeof createPendingCookie>;

function loginCodeOptions(settings: CookieSettings) {
  return {
    path: LOGIN_CODE_PATH,
    httpOnly: true,
    // Lax keeps it off POSTs started by other sites, so only the store's own page can trade it.
    sameSite: 'lax' as const,
    secure: settings.secure,
  };
}

export function setLoginCodeCookie(
  reply: FastifyReply,
  code: string,
  ttlSeconds: number,
  settings: CookieSettings,
): void {
  void reply.setCookie(LOGIN_CODE_COOKIE, code, {
    ...loginCodeOptions(settings),
    maxAge: ttlSeconds,
  });
}

export function clearLoginCodeCookie(reply: FastifyReply, settings: CookieSettings): void {
  void reply.clearCookie(LOGIN_CODE_COOKIE, loginCodeOptions(settings));
}
