import { FULFILMENT_MESSAGES } from '@lumina/shared/fulfilment/fulfilment-texts';
import { z } from 'zod';
import { ProviderError } from '../../modules/fulfilment/ports.ts';
import {
  failureOf,
  MELHOR_ENVIO_TIMEOUT_MS,
  melhorEnvioUserAgent,
  readAnswer,
  sendToMelhorEnvio,
} from './melhor-envio-http.ts';
import { errorText } from './melhor-envio-wire.ts';

/**
 * What the shop asks the owner to allow: put labels in the cart and read it, buy, generate,
 * print, cancel and track them, find a label by its tag, and read the wallet's balance.
 */
export const MELHOR_ENVIO_SCOPES = [
  'cart-read',
  'cart-write',
  'orders-read',
  'shipping-calculate',
  'shipping-cancel',
  'shipping-checkout',
  'shipping-generate',
  'shipping-print',
  'shipping-tracking',
  'users-read',
] as const;

export interface MelhorEnvioTokens {
  accessToken: string;
  refreshToken: string;
  /** Melhor Envio's access tokens last 30 days. */
  expiresInSeconds: number;
  /** The scopes granted, when the answer says so. */
  scope: string | null;
}

export interface MelhorEnvioOauthOptions {
  /** The site's address (no trailing slash): the OAuth paths hang from it, not from /api. */
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  /** The shop's callback, as registered in the Melhor Envio app. */
  redirectUri: string;
  contactEmail: string;
  timeoutMs?: number;
}

const tokenAnswer = z.looseObject({
  access_token: z.string().min(1),
  refresh_token: z.string().min(1),
  expires_in: z.coerce.number().int().positive(),
  scope: z.string().nullish().catch(null),
});

/**
 * The authorization-code flow of Melhor Envio's app (a Laravel Passport server): the owner
 * approves the shop's scopes on Melhor Envio's page, the code it sends back is exchanged for a
 * token pair, and the refresh token gets a new pair before the access token expires.
 */
export function createMelhorEnvioOauth(options: MelhorEnvioOauthOptions) {
  const timeoutMs = options.timeoutMs ?? MELHOR_ENVIO_TIMEOUT_MS;

  async function token(grant: Record<string, string>, what: string): Promise<MelhorEnvioTokens> {
    const answer = await sendToMelhorEnvio(`${options.baseUrl}/oauth/token`, {
      method: 'POST',
      headers: {
        accept: 'application/json',
        'content-type': 'application/x-www-form-urlencoded',
        'user-agent': melhorEnvioUserAgent(options.contactEmail),
      },
      body: new URLSearchParams({
        ...grant,
        client_id: options.clientId,
        client_secret: options.clientSecret,
      }).toString(),
      timeoutMs,
    });
    if (answer.status >= 200 && answer.status < 300) {
      const tokens = readAnswer(tokenAnswer, answer, what);
      return {
        accessToken: tokens.access_token,
        refreshToken: tokens.refresh_token,
        expiresInSeconds: tokens.expires_in,
        scope: tokens.scope ?? null,
      };
    }
    // A refused code, refresh token or client means connecting again, whatever the status.
    if (answer.status >= 400 && answer.status < 500 && answer.status !== 429) {
      const reason = errorText(answer.body);
      throw new ProviderError('auth', FULFILMENT_MESSAGES.melhorEnvioAuth, {
        cause: new Error(`${what}: HTTP ${answer.status}${reason ? ` (${reason})` : ''}`),
      });
    }
    throw failureOf(answer, what);
  }

  return {
    /** Where the owner's browser goes to allow the shop; `state` comes back with the code. */
    authorizeUrl(state: string): string {
      const query = new URLSearchParams({
        response_type: 'code',
        client_id: options.clientId,
        redirect_uri: options.redirectUri,
        scope: MELHOR_ENVIO_SCOPES.join(' '),
        state,
      });
      return `${options.baseUrl}/oauth/authorize?${query.toString()}`;
    },

    exchangeCode(code: string): Promise<MelhorEnvioTokens> {
      return token(
        { grant_type: 'authorization_code', redirect_uri: options.redirectUri, code },
        'troca do código',
      );
    },

    refresh(refreshToken: string): Promise<MelhorEnvioTokens> {
      return token(
        { grant_type: 'refresh_token', refresh_token: refreshToken },
        'renovação do token',
      );
    },
  };
}

export type MelhorEnvioOauth = ReturnType<typeof createMelhorEnvioOauth>;
