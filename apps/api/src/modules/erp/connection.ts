import { BLING_TEXTS, type BlingStatus, blingSyncSummarySchema } from '@lumina/shared/admin/bling';
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, lt } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { blingConnection, blingOauthStates } from '../../db/schema/bling.ts';
import { AppError } from '../../http/app-error.ts';
import {
  BlingAuthError,
  type BlingOauth,
  type BlingTokenSource,
} from '../../integrations/bling/bling-client.ts';
import type { BlingTokenAnswer } from '../../integrations/bling/bling-schemas.ts';
import type { SecurityLog } from '../security/security-log.ts';
import type { TokenCipher } from './token-cipher.ts';

/** How long an authorization may take between 'Conectar ao Bling' and Bling's callback. */
export const OAUTH_STATE_TTL_MS = 10 * 60_000;
/** The access token is renewed when it has less than this left (Bling's last about 6 h). */
export const RENEW_BEFORE_MS = 5 * 60_000;

/** A sync that has not finished within this long died with its process: another may start. */
export const SYNC_LEASE_MS = 30 * 60_000;

export function syncRunning(
  row: { syncStartedAt: Date | null; syncFinishedAt: Date | null },
  at: Date,
): boolean {
  const started = row.syncStartedAt?.getTime();
  if (started === undefined) return false;
  const finished = row.syncFinishedAt?.getTime() ?? Number.NEGATIVE_INFINITY;
  return finished < started && at.getTime() - started < SYNC_LEASE_MS;
}

export interface BlingActor {
  id: number;
  ip: string;
  userAgent?: string;
}

const hashOf = (state: string) => createHash('sha256').update(state).digest('base64url');

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

export function notConfigured(): AppError {
  return new AppError('unavailable', BLING_TEXTS.notConfigured, {
    code: 'bling_not_configured',
  });
}

export function notConnected(): AppError {
  return new AppError('unavailable', BLING_TEXTS.notConnected, { code: 'bling_not_connected' });
}

/**
 * The shop's Bling connection: the OAuth authorization an administrator starts, the encrypted
 * tokens, and their renewal. A renewal holds the connection row's lock while it asks Bling, then
 * writes the rotated pair in the same transaction, so two processes never spend the same refresh
 * token; the second one finds the fresh token when the lock is released.
 */
export function createBlingConnection(deps: {
  db: Db;
  oauth: BlingOauth | undefined;
  cipher: () => TokenCipher;
  securityLog: SecurityLog;
  now: () => Date;
}) {
  const { db, now } = deps;

  function oauthOrFail(): BlingOauth {
    if (!deps.oauth) throw notConfigured();
    return deps.oauth;
  }

  function sealed(answer: BlingTokenAnswer, at: Date) {
    const cipher = deps.cipher();
    return {
      accessTokenEnc: cipher.seal(answer.access_token),
      refreshTokenEnc: cipher.seal(answer.refresh_token),
      accessExpiresAt: new Date(at.getTime() + answer.expires_in * 1000),
      scope: answer.scope ?? null,
    };
  }

  async function record(
    type: string,
    severity: 'info' | 'warning',
    message: string,
    actor?: BlingActor,
  ) {
    await deps.securityLog.record({
      type,
      severity,
      userId: actor?.id,
      ip: actor?.ip,
      userAgent: actor?.userAgent,
      message,
      metadata: {},
    });
  }

  /** Renews under the row lock unless another process already did (then uses its token). */
  async function renew(refused: string | null): Promise<string> {
    const oauth = oauthOrFail();
    const cipher = deps.cipher();
    try {
      return await db.transaction(async (tx) => {
        const [row] = await tx.select().from(blingConnection).for('update');
        if (!row) throw notConnected();
        const current = cipher.open(row.accessTokenEnc);
        const fresh = row.accessExpiresAt.getTime() - now().getTime() > RENEW_BEFORE_MS;
        if (current !== refused && fresh) return current;
        const at = now();
        const answer = await oauth.refresh(cipher.open(row.refreshTokenEnc));
        await tx
          .update(blingConnection)
          .set({ ...sealed(answer, at), refreshedAt: at })
          .where(eq(blingConnection.id, 1));
        return answer.access_token;
      });
    } catch (error) {
      if (!(error instanceof BlingAuthError)) throw error;
      // The refresh token is spent or revoked: the connection is over until someone reconnects.
      await db.delete(blingConnection);
      await record('bling_disconnected', 'warning', `Bling desconectado: ${error.message}`);
      throw new AppError('unavailable', BLING_TEXTS.reconnect, {
        code: 'bling_reconnect',
        cause: error,
      });
    }
  }

  const tokens: BlingTokenSource = {
    async current() {
      const [row] = await db.select().from(blingConnection);
      if (!row) throw notConnected();
      if (row.accessExpiresAt.getTime() - now().getTime() > RENEW_BEFORE_MS) {
        return deps.cipher().open(row.accessTokenEnc);
      }
      return renew(null);
    },
    renew: (refused) => renew(refused),
  };

  return {
    configured: deps.oauth !== undefined,
    tokens,

    async status(): Promise<Omit<BlingStatus, 'attention'>> {
      const [row] = await db.select().from(blingConnection);
      const summary = blingSyncSummarySchema.safeParse(row?.syncSummary);
      return {
        configured: deps.oauth !== undefined,
        connected: row !== undefined,
        connected_at: row?.connectedAt.toISOString() ?? null,
        last_sync_at: row?.lastSyncAt?.toISOString() ?? null,
        sync_running: row ? syncRunning(row, now()) : false,
        sync_started_at: row?.syncStartedAt?.toISOString() ?? null,
        sync_finished_at: row?.syncFinishedAt?.toISOString() ?? null,
        sync_summary: summary.success ? summary.data : null,
      };
    },

    /** A new `state` for this administrator, and the Bling page to send their browser to. */
    async startAuthorization(actor: BlingActor): Promise<{ url: string; state: string }> {
      const oauth = oauthOrFail();
      const state = randomBytes(32).toString('base64url');
      const at = now();
      await db.delete(blingOauthStates).where(lt(blingOauthStates.expiresAt, at));
      await db.insert(blingOauthStates).values({
        stateHash: hashOf(state),
        userId: actor.id,
        expiresAt: new Date(at.getTime() + OAUTH_STATE_TTL_MS),
      });
      return { url: oauth.authorizeUrl(state), state };
    },

    /**
     * Bling's callback: the `state` must be the one this browser was given (its cookie), unused
     * and recent; the code is then exchanged and the tokens stored encrypted.
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
        new AppError('invalid_data', BLING_TEXTS.badState, { code: 'bling_bad_state' });
      const { state, cookieState, code } = input;
      if (!state || !cookieState || !code || !sameText(state, cookieState)) throw badState();
      const [claimed] = await db
        .delete(blingOauthStates)
        .where(
          and(eq(blingOauthStates.stateHash, hashOf(state)), gt(blingOauthStates.expiresAt, now())),
        )
        .returning({ userId: blingOauthStates.userId });
      if (!claimed) throw badState();
      const at = now();
      let answer: BlingTokenAnswer;
      try {
        answer = await oauth.exchangeCode(code);
      } catch (error) {
        if (error instanceof BlingAuthError) throw badState();
        throw error;
      }
      const values = { ...sealed(answer, at), connectedBy: claimed.userId, connectedAt: at };
      await db
        .insert(blingConnection)
        .values({ id: 1, ...values })
        .onConflictDoUpdate({ target: blingConnection.id, set: { ...values, refreshedAt: null } });
      await record('bling_connected', 'info', 'Bling conectado à loja', {
        id: claimed.userId,
        ip: input.ip,
        userAgent: input.userAgent,
      });
    },

    async disconnect(actor: BlingActor): Promise<void> {
      const removed = await db.delete(blingConnection).returning({ id: blingConnection.id });
      if (removed.length > 0)
        await record('bling_disconnected', 'info', 'Bling desconectado', actor);
    },
  };
}

export type BlingConnection = ReturnType<typeof createBlingConnection>;
