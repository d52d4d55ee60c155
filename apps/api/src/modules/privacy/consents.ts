import {
  ALL_CONSENTS,
  type ConsentName,
  type ConsentsAnswer,
  type UpdateConsents,
} from '@lumina/shared/privacy/consents';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { rowsOf } from '../../db/raw-rows.ts';
import type { ConsentType } from '../../db/schema/users.ts';
import { createUserRepository } from '../users/repository.ts';
import { POLICY_VERSION } from '../users/register-service.ts';

/** The page's names for what user_consents records. */
const STORED_AS: Record<ConsentName, ConsentType> = {
  performance: 'performance_cookies',
  functional: 'functional_cookies',
  marketing: 'marketing_cookies',
  marketingComm: 'marketing',
  privacyPolicy: 'privacy_policy',
  termsOfService: 'terms_of_service',
  dataProcessing: 'data_processing',
};

/**
 * The user's consents on the server, with their history (who, what, when, from where, under
 * which policy version): every change is a new row of user_consents, the latest one counts.
 * A consent never given reads false.
 */
export async function currentConsents(db: Db, userId: number): Promise<ConsentsAnswer> {
  const rows = rowsOf<{ consent: ConsentType; accepted: boolean; created_at: string | Date }>(
    await db.execute(sql`
        select distinct on (consent) consent, accepted, created_at
        from user_consents where user_id = ${userId}::integer
        order by consent, created_at desc, id desc
      `),
  );
  const latest = new Map(rows.map((row) => [row.consent, row]));
  const consents = Object.fromEntries(
    ALL_CONSENTS.map((name) => [name, latest.get(STORED_AS[name])?.accepted ?? false]),
  ) as ConsentsAnswer['consents'];
  const times = ALL_CONSENTS.map((name) => latest.get(STORED_AS[name])?.created_at)
    .filter((at): at is string | Date => at !== undefined)
    .map((at) => new Date(at).getTime());
  return {
    consents,
    updated_at: times.length > 0 ? new Date(Math.max(...times)).toISOString() : null,
  };
}

export function createConsents(deps: { db: Db; now: () => Date }) {
  const { db } = deps;
  const current = (userId: number) => currentConsents(db, userId);

  return {
    current,

    /** Records only what changes; answers the choice as it now stands. */
    async update(
      userId: number,
      body: UpdateConsents,
      meta: { ip: string; userAgent?: string },
    ): Promise<ConsentsAnswer> {
      const before = await current(userId);
      const changes = ALL_CONSENTS.filter(
        (name) =>
          body.consents[name] !== undefined && body.consents[name] !== before.consents[name],
      ).map((name) => ({ consent: STORED_AS[name], accepted: body.consents[name] === true }));
      if (changes.length > 0) {
        await db.transaction(async (tx) => {
          const repository = createUserRepository(tx);
          const at = deps.now();
          await repository.recordConsents(
            userId,
            changes,
            { policyVersion: POLICY_VERSION, ip: meta.ip, userAgent: meta.userAgent },
            at,
          );
          // The profile's four flags follow the history (register writes both the same way).
          await repository.setConsentFlags(userId, changes, at);
        });
      }
      return current(userId);
    },
  };
}

export type Consents = ReturnType<typeof createConsents>;
