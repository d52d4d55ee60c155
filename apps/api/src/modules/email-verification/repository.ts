import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { emailVerifications, type EmailVerificationRow } from '../../db/schema/auth-tokens.ts';

export type VerificationPurpose = EmailVerificationRow['purpose'];

/** Pass a transaction as `db` to make several writes one unit. */
export function createEmailVerificationRepository(db: Db) {
  return {
    /**
     * Stores a new link and retires the account's unused ones: only the newest e-mail works, so
     * a link to an address the owner has since replaced cannot be followed later.
     */
    async replaceForUser(
      link: { userId: number; purpose: VerificationPurpose; email: string; tokenHash: string },
      expiresAt: Date,
      at: Date,
    ): Promise<void> {
      await retireUnused(db, link.userId, at);
      await db.insert(emailVerifications).values({ ...link, expiresAt, createdAt: at });
    },

    /**
     * Marks the link used and answers it, in one statement: of two requests racing with the
     * same link, exactly one gets the row.
     */
    async consume(tokenHash: string, at: Date): Promise<EmailVerificationRow | undefined> {
      const [row] = await db
        .update(emailVerifications)
        .set({ usedAt: at })
        .where(
          and(
            eq(emailVerifications.tokenHash, tokenHash),
            isNull(emailVerifications.usedAt),
            gt(emailVerifications.expiresAt, at),
          ),
        )
        .returning();
      return row;
    },

    retireUnused: (userId: number, at: Date) => retireUnused(db, userId, at),
  };
}

async function retireUnused(db: Db, userId: number, at: Date): Promise<void> {
  await db
    .update(emailVerifications)
    .set({ usedAt: at })
    .where(and(eq(emailVerifications.userId, userId), isNull(emailVerifications.usedAt)));
}

/** LGPD erasure: every link of the account goes; answers the addresses they were sent to. */
export async function forgetEmailVerificationsOf(tx: Db, userId: number): Promise<string[]> {
  const rows = await tx
    .delete(emailVerifications)
    .where(eq(emailVerifications.userId, userId))
    .returning({ email: emailVerifications.email });
  return rows.map((row) => row.email);
}
