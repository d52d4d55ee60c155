import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { type LoginCodeRow, loginCodes } from '../../db/schema/auth-tokens.ts';

/** Codes live a minute; rows a day older than that are of no use to anyone. */
const KEEP_MS = 24 * 60 * 60 * 1000;

export function createLoginCodeRepository(db: Db) {
  return {
    async insert(
      userId: number,
      codeHash: string,
      expiresAt: Date,
      at: Date,
      notice?: LoginCodeRow['notice'],
    ): Promise<void> {
      await db
        .insert(loginCodes)
        .values({ userId, codeHash, expiresAt, createdAt: at, notice: notice ?? null });
      await db.delete(loginCodes).where(lt(loginCodes.expiresAt, new Date(at.getTime() - KEEP_MS)));
    },

    /**
     * Marks the code used and answers whose it was (with the notice it carries); a used or
     * expired code answers undefined.
     */
    async consume(
      codeHash: string,
      at: Date,
    ): Promise<Pick<LoginCodeRow, 'userId' | 'notice'> | undefined> {
      const [row] = await db
        .update(loginCodes)
        .set({ usedAt: at })
        .where(
          and(
            eq(loginCodes.codeHash, codeHash),
            isNull(loginCodes.usedAt),
            gt(loginCodes.expiresAt, at),
          ),
        )
        .returning({ userId: loginCodes.userId, notice: loginCodes.notice });
      return row;
    },
  };
}

export type LoginCodeRepository = ReturnType<typeof createLoginCodeRepository>;

/** LGPD erasure: no pending Google sign-in code of the account is left. */
export async function forgetLoginCodesOf(tx: Db, userId: number): Promise<void> {
  await tx.delete(loginCodes).where(eq(loginCodes.userId, userId));
}
