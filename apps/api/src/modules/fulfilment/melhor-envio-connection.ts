import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, lt } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { melhorEnvioConnection, melhorEnvioOauthStates } from '../../db/schema/fulfilment.ts';
import { AppError } from '../../http/app-error.ts';
import type { TokenCipher } from '../erp/token-cipher.ts';
import type { SecurityLog } from '../security/security-log.ts';
import { LABEL_TEXTS } from './label-texts.ts';
import { ProviderError } from './ports.ts';

/** How long an authorization may take between 'Conectar ao Melhor Envio' and the callback. */
export const MELHOR_ENVIO_STATE_TTL_MS = 10 * 60_000;
/**
 * Melhor Envio's access tokens last 30 days (refresh tokens 45): renewed a day before they end,
 * so a shop that buys a label a week never meets an expired one.
 */
export const MELHOR_ENVIO_RENEW_BEFORE_MS = 24 * 60 * 60_000;

/** What Melhor Envio's token endpoint answers, read by the integration's OAuth client. */
export interface MelhorEnvioTokens {
  accessToken: string;
  refreshToken: string;
  expiresInSeconds: number;
  scope?: string | null;
}

/**
 * Melhor Envio's OAuth (the integration's createMelhorEnvioOauth). A code or refresh token
 * Melhor Envio refuses is a ProviderError of kind 'auth'; an outage one of kind 'unavailable'.
 */
export interface MelhorEnvioOauth {
  authorizeUrl(state: string): string;
  exchangeCode(code: string): Promise<MelhorEnvioTokens>;
  refresh(refreshToken: string): Promise<MelhorEnvioTokens>;
}

/**
 * Where the label provider gets its bearer token. `renew` is for a token Melhor Envio refused:
 * it answers a renewed one (or the one another process renewed meanwhile); when there is none to
 * be had it throws a ProviderError of kind 'auth' (the owner must connect again).
 */
export interface MelhorEnvioTokenSource {
  current(): Promise<string>;
  renew(refused: string): Promise<string>;
}

export interface MelhorEnvioActor {
  id: number;
  ip: string;
  userAgent?: string;
}

export interface MelhorEnvioConnectionStatus {
  /** The shop can connect (its OAuth app is set) or has a pasted token. */
  configured: boolean;
  connected: boolean;
  via: 'oauth' | 'token' | null;
}

const hashOf = (state: string) => createHash('sha256').update(state).digest('base64url');

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

function notConnected(): ProviderError {
  return new ProviderError('auth', 'Melhor Envio is not connected');
}

export function melhorEnvioNotConfigured(): AppError {
  return new AppError('unavailable', LABEL_TEXTS.notConfigured, {
    code: 'melhor_envio_not_configured',
  });
}

/**
 * The shop's Melhor Envio account: the OAuth connection an administrator makes (tokens sealed
 * with the ERP's token cipher, renewed under the row's lock so two processes never spend the
 * same refresh token), or MELHOR_ENVIO_TOKEN pasted from Melhor Envio's panel. A connection
 * made in the panel wins over the pasted token.
 */
export function createMelhorEnvioConnection(deps: {
  db: Db;
  oauth: MelhorEnvioOauth | undefined;
  /** MELHOR_ENVIO_TOKEN: used as is, never renewed. */
  pastedToken: string | undefined;
  cipher: () => TokenCipher;
  securityLog: SecurityLog;
  now: () => Date;
  /** An account was connected or disconnected: what was known of the last one is stale. */
  onChange?: () => void;
}) {
  const { db, now } = deps;

  function oauthOrFail(): MelhorEnvioOauth {
    if (!deps.oauth) throw melhorEnvioNotConfigured();
    return deps.oauth;
  }

  function sealed(answer: MelhorEnvioTokens, at: Date) {
    const cipher = deps.cipher();
    return {
      accessTokenEnc: cipher.seal(answer.accessToken),
      refreshTokenEnc: cipher.seal(answer.refreshToken),
      accessExpiresAt: new Date(at.getTime() + answer.expiresInSeconds * 1000),
      scope: answer.scope ?? null,
    };
  }

  async function record(
    type: string,
    severity: 'info' | 'warning',
    message: string,
    actor?: MelhorEnvioActor,
  ) {
    await deps.securityLog.record({
      type,
      severity,
      userId: actor?.id,
      ip: actor?.ip,
      userAgent: actor?.userAgent,
      message,
      metadata: { provider: 'melhor_envio' },
    });
  }

  const fresh = (expiresAt: Date | null) =>
    expiresAt === null || expiresAt.getTime() - now().getTime() > MELHOR_ENVIO_RENEW_BEFORE_MS;

  /** Renews under the row lock unless another process already did (then answers its token). */
  async function renewConnected(refused: string | null): Promise<string> {
    const cipher = deps.cipher();
    try {
      return await db.transaction(async (tx) => {
        const [row] = await tx.select().from(melhorEnvioConnection).for('update');
        if (!row) throw notConnected();
        const current = cipher.open(row.accessTokenEnc);
        if (current !== refused && fresh(row.accessExpiresAt)) return current;
        // A token pasted in the panel (no refresh token) cannot be renewed.
        if (!row.refreshTokenEnc || !deps.oauth) throw notConnected();
        const at = now();
        const answer = await deps.oauth.refresh(cipher.open(row.refreshTokenEnc));
        await tx
          .update(melhorEnvioConnection)
          .set({ ...sealed(answer, at), refreshedAt: at })
          .where(eq(melhorEnvioConnection.id, 1));
        return answer.accessToken;
      });
    } catch (error) {
      if (!(error instanceof ProviderError) || error.kind !== 'auth') throw error;
      // The refresh token is spent or revoked: the connection is over until someone reconnects.
      const removed = await db
        .delete(melhorEnvioConnection)
        .returning({ id: melhorEnvioConnection.id });
      deps.onChange?.();
      if (removed.length > 0) {
        await record(
          'melhor_envio_disconnected',
          'warning',
          'Melhor Envio desconectado: acesso recusado',
        );
      }
      throw error;
    }
  }

  const tokens: MelhorEnvioTokenSource = {
    async current() {
      const [row] = await db.select().from(melhorEnvioConnection);
      if (!row) {
        if (deps.pastedToken) return deps.pastedToken;
        throw notConnected();
      }
      if (fresh(row.accessExpiresAt)) return deps.cipher().open(row.accessTokenEnc);
      return renewConnected(null);
    },
    async renew(refused) {
      const [row] = await db.select({ id: melhorEnvioConnection.id }).from(melhorEnvioConnection);
      if (row) return renewConnected(refused);
      // The pasted token was refused: only a new one (or 'Conectar') helps.
      throw notConnected();
    },
  };

  return {
    tokens,

    async status(): Promise<MelhorEnvioConnectionStatus> {
      const [row] = await db.select({ id: melhorEnvioConnection.id }).from(melhorEnvioConnection);
      const via = row ? 'oauth' : deps.pastedToken ? 'token' : null;
      return {
        configured: deps.oauth !== undefined || deps.pastedToken !== undefined,
        connected: via !== null,
        via,
      };
    },

    /** A new `state` bound to this administrator, and the Melhor Envio page to send them to. */
    async startAuthorization(actor: MelhorEnvioActor): Promise<{ url: string; state: string }> {
      const oauth = oauthOrFail();
      const state = randomBytes(32).toString('base64url');
      const at = now();
      await db.delete(melhorEnvioOauthStates).where(lt(melhorEnvioOauthStates.expiresAt, at));
      await db.insert(melhorEnvioOauthStates).values({
        stateHash: hashOf(state),
        userId: actor.id,
        expiresAt: new Date(at.getTime() + MELHOR_ENVIO_STATE_TTL_MS),
        createdAt: at,
      });
      return { url: oauth.authorizeUrl(state), state };
    },

    /**
     * Melhor Envio's callback: the `state` must be the one this browser was given (its cookie),
     * unused and recent; the code is then exchanged and the tokens stored sealed.
     */
    async completeAuthorization(input: {
      code: string | undefined;
      state: string | undefined;
      cookieState: string | undefined;
      ip: string;
      userAgent?: string;
    }): Promise<void> {
      const oauth = oauthOrFail();
      const badState = () =>
        new AppError('invalid_data', LABEL_TEXTS.badState, { code: 'melhor_envio_bad_state' });
      const { state, cookieState, code } = input;
      if (!state || !cookieState || !code || !sameText(state, cookieState)) throw badState();
      const [claimed] = await db
        .delete(melhorEnvioOauthStates)
        .where(
          and(
            eq(melhorEnvioOauthStates.stateHash, hashOf(state)),
            gt(melhorEnvioOauthStates.expiresAt, now()),
          ),
        )
        .returning({ userId: melhorEnvioOauthStates.userId });
      if (!claimed) throw badState();
      let answer: MelhorEnvioTokens;
      try {
        answer = await oauth.exchangeCode(code);
      } catch (error) {
        if (error instanceof ProviderError && error.kind === 'auth') throw badState();
        throw error;
      }
      const at = now();
      const values = { ...sealed(answer, at), connectedBy: claimed.userId, connectedAt: at };
      await db
        .insert(melhorEnvioConnection)
        .values({ id: 1, ...values })
        .onConflictDoUpdate({
          target: melhorEnvioConnection.id,
          set: { ...values, refreshedAt: null },
        });
      deps.onChange?.();
      await record('melhor_envio_connected', 'info', 'Melhor Envio conectado à loja', {
        id: claimed.userId,
        ip: input.ip,
        userAgent: input.userAgent,
      });
    },

    async disconnect(actor: MelhorEnvioActor): Promise<void> {
      const removed = await db
        .delete(melhorEnvioConnection)
        .returning({ id: melhorEnvioConnection.id });
      deps.onChange?.();
      if (removed.length > 0) {
        await record('melhor_envio_disconnected', 'info', 'Melhor Envio desconectado', actor);
      }
    },
  };
}

export type MelhorEnvioConnection = ReturnType<typeof createMelhorEnvioConnection>;
