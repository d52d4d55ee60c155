import { and, count, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { contactMessages } from '../../db/schema/contact-messages.ts';

export interface NewContactMessage {
  name: string;
  email: string;
  message: string;
  ip: string;
}

export function createContactRepository(db: Db) {
  return {
    async insertMessage(message: NewContactMessage, now: Date): Promise<number> {
      const [row] = await db
        .insert(contactMessages)
        .values({ ...message, createdAt: now })
        .returning({ id: contactMessages.id });
      if (!row) throw new Error('insert into contact_messages returned no row');
      return row.id;
    },

    async countSince(ip: string, since: Date): Promise<number> {
      const [row] = await db
        .select({ total: count() })
        .from(contactMessages)
        .where(and(eq(contactMessages.ip, ip), gte(contactMessages.createdAt, since)));
      return row?.total ?? 0;
    },
  };
}

export type ContactRepository = ReturnType<typeof createContactRepository>;

/** LGPD erasure: the contact form's messages sent from the person's addresses go. */
export async function forgetContactMessagesFrom(tx: Db, emails: readonly string[]): Promise<void> {
  if (emails.length === 0) return;
  await tx.delete(contactMessages).where(
    inArray(
      sql`lower(${contactMessages.email})`,
      emails.map((email) => email.toLowerCase()),
    ),
  );
}
