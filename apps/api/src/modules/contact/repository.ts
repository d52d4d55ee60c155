import type { ContactMessageStatus } from '@lumina/shared/contact/contact-messages';
import { and, count, desc, eq, gte, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { contactMessages } from '../../db/schema/contact-messages.ts';
import { orders } from '../../db/schema/orders.ts';
import { users } from '../../db/schema/users.ts';

export interface NewContactMessage {
  name: string;
  email: string;
  message: string;
  ip: string;
}

export interface ContactMessageRow {
  id: number;
  name: string;
  email: string;
  message: string;
  status: ContactMessageStatus;
  createdAt: Date;
  /** The account whose e-mail is the sender's (never an erased one), with its orders. */
  account: { id: number; name: string; ordersCount: number } | null;
}

/** The account with the sender's address, if any, and how many orders it placed. */
function withAccount(db: Db, where: SQL | undefined) {
  return db
    .select({
      id: contactMessages.id,
      name: contactMessages.name,
      email: contactMessages.email,
      message: contactMessages.message,
      status: contactMessages.status,
      createdAt: contactMessages.createdAt,
      accountId: users.id,
      accountName: users.name,
      ordersCount: sql<number>`(select count(*)::integer from ${orders} where ${orders.userId} = ${users.id})`,
    })
    .from(contactMessages)
    .leftJoin(
      users,
      and(
        sql`lower(${users.email}) = lower(${contactMessages.email})`,
        sql`${users.erasedAt} is null`,
      ),
    )
    .where(where);
}

type JoinedRow = Awaited<ReturnType<typeof withAccount>>[number];

function toRow(row: JoinedRow): ContactMessageRow {
  const { accountId, accountName, ordersCount, ...message } = row;
  return {
    ...message,
    account:
      accountId === null || accountName === null
        ? null
        : { id: accountId, name: accountName, ordersCount: ordersCount ?? 0 },
  };
}

export function createContactRepository(db: Db) {
  return {
    async insertMessage(tx: Db, message: NewContactMessage, now: Date): Promise<number> {
      const [row] = await tx
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

    /** Newest first; `total` counts the filtered messages, `unread` every new one. */
    async list(query: { status?: ContactMessageStatus; limit: number; offset: number }) {
      const where = query.status ? eq(contactMessages.status, query.status) : undefined;
      const rows = await withAccount(db, where)
        .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
        .limit(query.limit)
        .offset(query.offset);
      const [totals] = await db
        .select({
          total: query.status
            ? sql<number>`count(*) filter (where ${where})::integer`
            : sql<number>`count(*)::integer`,
          unread: sql<number>`count(*) filter (where ${contactMessages.status} = 'new')::integer`,
        })
        .from(contactMessages);
      return {
        messages: rows.map(toRow),
        total: totals?.total ?? 0,
        unread: totals?.unread ?? 0,
      };
    },

    async findById(id: number): Promise<ContactMessageRow | undefined> {
      const [row] = await withAccount(db, eq(contactMessages.id, id));
      return row ? toRow(row) : undefined;
    },

    /** False when there is no such message. */
    async setStatus(id: number, status: ContactMessageStatus, at: Date): Promise<boolean> {
      const updated = await db
        .update(contactMessages)
        .set({ status, statusChangedAt: at })
        .where(eq(contactMessages.id, id))
        .returning({ id: contactMessages.id });
      return updated.length > 0;
    },

    async countUnread(): Promise<number> {
      const [row] = await db
        .select({ total: count() })
        .from(contactMessages)
        .where(eq(contactMessages.status, 'new'));
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
