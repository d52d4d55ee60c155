import { and, asc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { mailOutbox, type MailOutboxRow } from '../../db/schema/mail-outbox.ts';
import type { Mailer, MailMessage } from '../../integrations/mail/mailer.ts';
import { createInFlight } from '../../lib/in-flight.ts';

export interface OutboxLogger {
  info(details: Record<string, unknown>, message: string): void;
  warn(details: Record<string, unknown>, message: string): void;
  error(details: Record<string, unknown>, message: string): void;
}

export interface OutboxMail {
  /** One promise, one e-mail: the same key queued twice is kept once. */
  key: string;
  /** 'payment_approved', 'order_shipped'... for the admin's order detail. */
  kind: string;
  orderId?: number | null;
  message: MailMessage;
  /** Personal data the shop must not keep: cleared from the row once it is sent. */
  eraseAfterSend?: boolean;
}

/**
 * Stable across the retries of one e-mail (a copy re-sent after a crash is recognisable) and
 * unique across installations and database resets, which the row id alone is not.
 */
export function outboxMessageId(row: Pick<MailOutboxRow, 'messageUuid'>, domain: string): string {
  return `<${row.messageUuid}@${domain}>`;
}

/** After this many failed attempts the e-mail is marked failed and shown so in the admin. */
export const MAIL_MAX_ATTEMPTS = 8;

/** 30 s, 1 min, 2 min... capped at 1 h between attempts. */
export function retryDelayMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(attempts - 1, 0), 60 * 60 * 1000);
}

/**
 * The transactional outbox of e-mails, so no promised e-mail is lost. A state change
 * calls `enqueue` with its own transaction, so the e-mail exists exactly when the change does.
 * `deliverDue` sends what is due: each row is claimed with a lease (FOR UPDATE SKIP LOCKED, then
 * `locked_until`), so two processes never send the same row, a crashed sender's row is taken again
 * once its lease ends, and a sent row is never sent again. The one window left is a crash after
 * the SMTP server accepted the message and before it is marked sent; the message keeps a stable
 * Message-ID so the receiving side can tell the copy.
 */
export function createMailOutbox(deps: {
  db: Db;
  mailer: Mailer;
  now: () => Date;
  logger: OutboxLogger;
  /** How long a claimed row is held; longer than one SMTP attempt can take. */
  leaseMs: number;
  /** The domain in Message-IDs. */
  messageIdDomain: string;
  /**
   * Another outbox filled in the same transactions (the WhatsApp order updates), told to deliver
   * whenever this one is: every change that queues such a message also queues its e-mail.
   */
  alsoKick?: () => void;
}) {
  const { db, mailer, now, logger, leaseMs } = deps;
  const running = createInFlight();
  let delivering: Promise<number> | undefined;
  let again = false;

  async function claim(limit: number): Promise<MailOutboxRow[]> {
    const at = now();
    const due = db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(
        and(
          eq(mailOutbox.status, 'pending'),
          lte(mailOutbox.nextAttemptAt, at),
          or(isNull(mailOutbox.lockedUntil), lte(mailOutbox.lockedUntil, at)),
        ),
      )
      .orderBy(asc(mailOutbox.id))
      .limit(limit)
      .for('update', { skipLocked: true });
    const rows = await db
      .update(mailOutbox)
      .set({
        lockedUntil: new Date(at.getTime() + leaseMs),
        attempts: sql`${mailOutbox.attempts} + 1`,
      })
      .where(inArray(mailOutbox.id, due))
      .returning();
    // RETURNING keeps no order: send in the order the changes were made.
    return rows.sort((a, b) => a.id - b.id);
  }

  async function sendOne(row: MailOutboxRow): Promise<boolean> {
    try {
      await mailer.send({
        to: row.toAddress,
        subject: row.subject,
        text: row.textBody,
        html: row.htmlBody,
        messageId: outboxMessageId(row, deps.messageIdDomain),
        ...(row.replyTo && { replyTo: row.replyTo }),
        ...(row.attachments && { attachments: row.attachments }),
        ...(row.headers && { headers: row.headers }),
      });
    } catch (error) {
      const failed = row.attempts >= MAIL_MAX_ATTEMPTS;
      await db
        .update(mailOutbox)
        .set({
          status: failed ? 'failed' : 'pending',
          lockedUntil: null,
          nextAttemptAt: new Date(now().getTime() + retryDelayMs(row.attempts)),
          lastError: error instanceof Error ? error.message.slice(0, 500) : 'unknown error',
        })
        .where(eq(mailOutbox.id, row.id));
      const log = failed ? logger.error.bind(logger) : logger.warn.bind(logger);
      log(
        { err: error, mailId: row.id, kind: row.kind, attempts: row.attempts },
        'e-mail not sent',
      );
      return false;
    }
    await db
      .update(mailOutbox)
      .set({
        status: 'sent',
        sentAt: now(),
        lockedUntil: null,
        lastError: null,
        ...(row.eraseAfterSend && { toAddress: '', textBody: '', htmlBody: '', attachments: null }),
      })
      .where(eq(mailOutbox.id, row.id));
    logger.info({ mailId: row.id, kind: row.kind, orderId: row.orderId }, 'e-mail sent');
    return true;
  }

  async function deliverLoop(batch: number): Promise<number> {
    let sent = 0;
    for (;;) {
      again = false;
      const rows = await claim(batch);
      for (const row of rows) if (await sendOne(row)) sent += 1;
      if (rows.length < batch && !again) return sent;
    }
  }

  return {
    /** Queues a promised e-mail in the caller's transaction; a repeated key is ignored. */
    async enqueue(tx: Db, mail: OutboxMail): Promise<void> {
      await tx
        .insert(mailOutbox)
        .values({
          dedupeKey: mail.key,
          kind: mail.kind,
          orderId: mail.orderId ?? null,
          toAddress: mail.message.to,
          replyTo: mail.message.replyTo ?? null,
          subject: mail.message.subject,
          textBody: mail.message.text,
          htmlBody: mail.message.html,
          attachments: mail.message.attachments ?? null,
          headers: mail.message.headers ?? null,
          eraseAfterSend: mail.eraseAfterSend ?? false,
          createdAt: now(),
          nextAttemptAt: now(),
        })
        .onConflictDoNothing({ target: mailOutbox.dedupeKey });
    },

    /** Sends every e-mail that is due; one delivery at a time per process. */
    deliverDue(batch = 20): Promise<number> {
      if (delivering) {
        again = true;
        return delivering;
      }
      delivering = running.track(deliverLoop(batch)).finally(() => {
        delivering = undefined;
      });
      return delivering;
    },

    /** After a commit that queued e-mails: send them now, without holding up the answer. */
    kick(): void {
      this.deliverDue().catch((error: unknown) => {
        logger.error({ err: error }, 'e-mail outbox delivery failed');
      });
      deps.alsoKick?.();
    },

    /** The e-mails of some orders, for the admin's order detail. */
    async ofOrder(orderId: number) {
      return db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.orderId, orderId))
        .orderBy(asc(mailOutbox.id));
    },

    /** Resolves when deliveries under way are over (before the database closes). */
    drain: () => running.settled(),
  };
}

export type MailOutbox = ReturnType<typeof createMailOutbox>;

/**
 * LGPD erasure: the e-mails that reached or named the person go: everything addressed to them,
 * everything about them (a contact message they wrote, whose replies went to them), and every
 * e-mail already sent that mentions them (an order's, a request's, an alert's). Another
 * administrators' e-mail still waiting to go stays until it is sent.
 */
export async function forgetMailsOf(
  tx: Db,
  person: { emails: readonly string[]; orderIds: readonly number[] },
): Promise<void> {
  const emails = [...new Set(person.emails.map((email) => email.toLowerCase()))];
  if (emails.length === 0) return;
  const patterns = emails.map((email) => `%${email.replace(/[\\%_]/g, '\\$&')}%`);
  const mentions = sql`array[${sql.join(
    patterns.map((pattern) => sql`${pattern}`),
    sql`, `,
  )}]::text[]`;
  await tx
    .delete(mailOutbox)
    .where(
      or(
        inArray(sql`lower(${mailOutbox.toAddress})`, emails),
        inArray(sql`lower(${mailOutbox.replyTo})`, emails),
        and(
          sql`${mailOutbox.status} <> 'pending'`,
          or(
            person.orderIds.length > 0
              ? inArray(mailOutbox.orderId, [...person.orderIds])
              : sql`false`,
            sql`${mailOutbox.textBody} ilike any(${mentions})`,
            sql`${mailOutbox.subject} ilike any(${mentions})`,
          ),
        ),
      ),
    );
}
