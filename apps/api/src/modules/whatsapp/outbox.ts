import { ORDER_UPDATE_LANGUAGE } from '@lumina/shared/whatsapp/order-updates';
import { and, asc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { whatsappMessages, type WhatsappMessageRow } from '../../db/schema/whatsapp.ts';
import {
  WhatsAppSendError,
  type WhatsAppSender,
} from '../../integrations/whatsapp/whatsapp-client.ts';
import { createInFlight } from '../../lib/in-flight.ts';
import { type OutboxLogger, retryDelayMs } from '../mail/outbox.ts';

/** After this many failed attempts a message is marked failed (the e-mail went all the same). */
export const WHATSAPP_MAX_ATTEMPTS = 8;

export interface WhatsAppOutboxMessage {
  /** One promise, one message: the same key queued twice is kept once. */
  key: string;
  kind: string;
  orderId: number;
  to: string;
  template: string;
  parameters: string[];
}

/**
 * The transactional outbox of WhatsApp template messages, as the e-mails' (mail/outbox.ts): an
 * order's change calls `enqueue` in its own transaction, so the message exists exactly when the
 * change does and a failed send never rolls the order back; `deliverDue` sends what is due, each
 * row claimed with a lease (FOR UPDATE SKIP LOCKED) so two processes never send the same one, a
 * failure retried later (30 s, 1 min, 2 min... up to 1 h, 8 attempts) unless WhatsApp refused
 * the message itself. A sent message keeps its kind and state, not its phone or values.
 */
export function createWhatsAppOutbox(deps: {
  db: Db;
  now: () => Date;
  logger: OutboxLogger;
  /** The Cloud API client now; null while WhatsApp is not set up (messages then fail). */
  sender: () => Promise<WhatsAppSender | null>;
  /** How long a claimed row is held: longer than one send can take. */
  leaseMs: number;
}) {
  const { db, now, logger } = deps;
  const running = createInFlight();
  let delivering: Promise<number> | undefined;
  let again = false;

  async function claim(limit: number): Promise<WhatsappMessageRow[]> {
    const at = now();
    const due = db
      .select({ id: whatsappMessages.id })
      .from(whatsappMessages)
      .where(
        and(
          eq(whatsappMessages.status, 'pending'),
          lte(whatsappMessages.nextAttemptAt, at),
          or(isNull(whatsappMessages.lockedUntil), lte(whatsappMessages.lockedUntil, at)),
        ),
      )
      .orderBy(asc(whatsappMessages.id))
      .limit(limit)
      .for('update', { skipLocked: true });
    const rows = await db
      .update(whatsappMessages)
      .set({
        lockedUntil: new Date(at.getTime() + deps.leaseMs),
        attempts: sql`${whatsappMessages.attempts} + 1`,
      })
      .where(inArray(whatsappMessages.id, due))
      .returning();
    return rows.sort((a, b) => a.id - b.id);
  }

  async function fail(row: WhatsappMessageRow, error: unknown): Promise<void> {
    const retryable = !(error instanceof WhatsAppSendError) || error.retryable;
    const failed = !retryable || row.attempts >= WHATSAPP_MAX_ATTEMPTS;
    const reason = error instanceof Error ? error.message.slice(0, 500) : 'unknown error';
    await db
      .update(whatsappMessages)
      .set({
        status: failed ? 'failed' : 'pending',
        lockedUntil: null,
        nextAttemptAt: new Date(now().getTime() + retryDelayMs(row.attempts)),
        lastError: reason,
      })
      .where(eq(whatsappMessages.id, row.id));
    const log = failed ? logger.error.bind(logger) : logger.warn.bind(logger);
    // The reason is WhatsApp's answer, never the token; the phone stays out of the log.
    log(
      { messageId: row.id, kind: row.kind, orderId: row.orderId, attempts: row.attempts, reason },
      'WhatsApp message not sent',
    );
  }

  async function sendOne(sender: WhatsAppSender | null, row: WhatsappMessageRow) {
    if (!sender) {
      return fail(row, new WhatsAppSendError('WhatsApp não está mais configurado', false));
    }
    let messageId: string;
    try {
      ({ messageId } = await sender.sendTemplate({
        to: row.toPhone,
        template: row.template,
        language: ORDER_UPDATE_LANGUAGE,
        parameters: row.parameters,
      }));
    } catch (error) {
      return fail(row, error);
    }
    await db
      .update(whatsappMessages)
      .set({
        status: 'sent',
        sentAt: now(),
        lockedUntil: null,
        lastError: null,
        providerMessageId: messageId,
        // Delivered: the shop keeps no copy of the phone and the values it carried.
        toPhone: '',
        parameters: [],
      })
      .where(eq(whatsappMessages.id, row.id));
    logger.info({ messageId: row.id, kind: row.kind, orderId: row.orderId }, 'WhatsApp sent');
    return true;
  }

  async function deliverLoop(batch: number): Promise<number> {
    let sent = 0;
    for (;;) {
      again = false;
      const rows = await claim(batch);
      if (rows.length > 0) {
        const sender = await deps.sender();
        for (const row of rows) if ((await sendOne(sender, row)) === true) sent += 1;
      }
      if (rows.length < batch && !again) return sent;
    }
  }

  return {
    /** Queues a promised message in the caller's transaction; a repeated key is ignored. */
    async enqueue(tx: Db, message: WhatsAppOutboxMessage): Promise<void> {
      await tx
        .insert(whatsappMessages)
        .values({
          dedupeKey: message.key,
          kind: message.kind,
          orderId: message.orderId,
          toPhone: message.to,
          template: message.template,
          parameters: message.parameters,
          createdAt: now(),
          nextAttemptAt: now(),
        })
        .onConflictDoNothing({ target: whatsappMessages.dedupeKey });
    },

    /** Sends every message that is due; one delivery at a time per process. */
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

    /** After a commit that may have queued messages: send them now, without holding the answer. */
    kick(): void {
      this.deliverDue().catch((error: unknown) => {
        logger.error({ err: error }, 'WhatsApp outbox delivery failed');
      });
    },

    /** Resolves when deliveries under way are over (before the database closes). */
    drain: () => running.settled(),
  };
}

export type WhatsAppOutbox = ReturnType<typeof createWhatsAppOutbox>;

/**
 * LGPD erasure of an account: the phone and values of its orders' messages go, whatever their
 * state (a message not yet sent is then never sent).
 */
export async function forgetWhatsAppOf(tx: Db, orderIds: readonly number[]): Promise<void> {
  if (orderIds.length === 0) return;
  await tx
    .update(whatsappMessages)
    .set({
      toPhone: '',
      parameters: [],
      status: sql`case when ${whatsappMessages.status} = 'pending' then 'failed' else ${whatsappMessages.status} end`,
    })
    .where(inArray(whatsappMessages.orderId, [...orderIds]));
}
