import { and, eq, gt, inArray, isNull, lt } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { emailVerifications, type EmailVerificationRow } from '../../db/schema/auth-tokens.ts';

export type VerificationPurpose = EmailVerificationRow['purpose'];

/** Links that prove an address: only the newest of them works. */
const PROOF_PURPOSES: VerificationPurpose[] = ['verify', 'change'];

/** Pass a transaction as `db` to make several writes one unit. */
export function createEmailVerificationRepository(db: Db) {
  return {
    /**
     * Stores a new link and retires the account's unused ones: only the newest e-mail works, so
     * a link to an address the owner has since replaced cannot be followed later. A
     * 'Cancelar troca' link stays: the old address must keep its way to stop the change.
     */
    async replaceForUser(
      link: { userId: number; purpose: VerificationPurpose; email: string; tokenHash: string },
      expiresAt: Date,
      at: Date,
    ): Promise<void> {
      await retireUnused(db, link.userId, at, PROOF_PURPOSES);
      await db.insert(emailVerifications).values({ ...link, expiresAt, createdAt: at });
    },

    /** Stores a link beside the account's others (the 'Cancelar troca' one). */
    async add(
      link: { userId: number; purpose: VerificationPurpose; email: string; tokenHash: string },
      expiresAt: Date,
      at: Date,
    ): Promise<void> {
      await db.insert(emailVerifications).values({ ...link, expiresAt, createdAt: at });
    },

    /**
     * The account's unused links for `purpose` live until at least `expiresAt`: a resent change
     * link must not outlive the old address's way to cancel it.
     */
    async extendUnused(
      userId: number,
      purpose: VerificationPurpose,
      expiresAt: Date,
    ): Promise<void> {
      await db
        .update(emailVerifications)
        .set({ expiresAt })
        .where(
          and(
            eq(emailVerifications.userId, userId),
            eq(emailVerifications.purpose, purpose),
            isNull(emailVerifications.usedAt),
            lt(emailVerifications.expiresAt, expiresAt),
          ),
        );
    },

    /** Whether a link for one of `purposes` can still be followed (no write). */
    async isLive(
      tokenHash: string,
      at: Date,
      purposes: readonly VerificationPurpose[],
    ): Promise<boolean> {
      const [row] = await db
        .select({ id: emailVerifications.id })
        .from(emailVerifications)
        .where(live(tokenHash, at, purposes))
        .limit(1);
      return row !== undefined;
    },

    /**
     * Marks the link used and answers it, in one statement: of two requests racing with the
     * same link, exactly one gets the row. A link of another purpose is not consumed.
     */
    async consume(
      tokenHash: string,
      at: Date,
      purposes: readonly VerificationPurpose[],
    ): Promise<EmailVerificationRow | undefined> {
      const [row] = await db
        .update(emailVerifications)
        .set({ usedAt: at })
        .where(live(tokenHash, at, purposes))
        .returning();
      return row;
    },

    /** Every unused link of the account stops working (of `purposes` only, when given). */
    retireUnused: (userId: number, at: Date, purposes?: readonly VerificationPurpose[]) =>
      retireUnused(db, userId, at, purposes),
  };
}

function live(tokenHash: string, at: Date, purposes: readonly VerificationPurpose[]) {
  return and(
    eq(emailVerifications.tokenHash, tokenHash),
    inArray(emailVerifications.purpose, [...purposes]),
    isNull(emailVerifications.usedAt),
    gt(emailVerifications.expiresAt, at),
  );
}

async function retireUnused(
  db: Db,
  userId: number,
  at: Date,
  purposes?: readonly VerificationPurpose[],
): Promise<void> {
  await db
    .update(emailVerifications)
    .set({ usedAt: at })
    .where(
      and(
        eq(emailVerifications.userId, userId),
        isNull(emailVerifications.usedAt),
        purposes ? inArray(emailVerifications.purpose, [...purposes]) : undefined,
      ),
    );
}

/** LGPD erasure: every link of the account goes; answers the addresses they were sent to. */
export async function forgetEmailVerificationsOf(tx: Db, userId: number): Promise<string[]> {
  const rows = await tx
    .delete(emailVerifications)
    .where(eq(emailVerifications.userId, userId))
    .returning({ email: emailVerifications.email });
  return rows.map((row) => row.email);
}
