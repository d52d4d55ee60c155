import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { passwordResets } from '../../db/schema/auth-tokens.ts';

/** Pass a transaction as `db` to make several writes one unit. */
export function createPasswordResetRepository(db: Db) {
  return {
    /**
     * Stores a new link for the user and retires the unused ones: only the latest e-mail works,
     * so an older message found in a mailbox later cannot be used.
     */
    async replaceForUser(userId: number, tokenHash: string, expiresAt: Date, at: Date) {
      await db.transaction(async (tx) => {
        await tx
          .update(passwordResets)
          .set({ usedAt: at })
          .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
        await tx.insert(passwordResets).values({ userId, tokenHash, expiresAt, createdAt: at });
      });
    },

    /** When the account's live (unused, unexpired) link expires; undefined when it has none. */
    async liveExpiry(userId: number, at: Date): Promise<Date | undefined> {
      const [row] = await db
        .select({ expiresAt: passwordResets.expiresAt })
        .from(passwordResets)
        .where(
          and(
            eq(passwordResets.userId, userId),
            isNull(passwordResets.usedAt),
            gt(passwordResets.expiresAt, at),
          ),
        )
        .orderBy(desc(passwordResets.expiresAt))
        .limit(1);
      return row?.expiresAt;
    },

    async isUsable(tokenHash: string, at: Date): Promise<boolean> {
      const [row] = await db
        .select({ id: passwordResets.id })
        .from(passwordResets)
        .where(usable(tokenHash, at))
        .limit(1);
      return row !== undefined;
    },

    /**
     * Marks the link used and answers whose it was, in one statement: of two requests racing with
     * the same link, exactly one gets the user id.
     */
    async consume(tokenHash: string, at: Date): Promise<number | undefined> {
      const [row] = await db
        .update(passwordResets)
        .set({ usedAt: at })
        .where(usable(tokenHash, at))
        .returning({ userId: passwordResets.userId });
      return row?.userId;
    },
  };
}

function usable(tokenHash: string, at: Date) {
  return and(
    eq(passwordResets.tokenHash, tokenHash),
    isNull(passwordResets.usedAt),
    gt(passwordResets.expiresAt, at),
  );
}

export type PasswordResetRepository = ReturnType<typeof createPasswordResetRepository>;

/**
 * The account's unused links stop working, in the caller's transaction: its e-mail changed, so a
 * link mailed to the old address must not open it any more.
 */
export async function retirePasswordResetsOf(tx: Db, userId: number, at: Date): Promise<void> {
  await tx
    .update(passwordResets)
    .set({ usedAt: at })
    .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
}

/** LGPD erasure: no reset link of the account is left. */
export async function forgetPasswordResetsOf(tx: Db, userId: number): Promise<void> {
  await tx.delete(passwordResets).where(eq(passwordResets.userId, userId));
}
