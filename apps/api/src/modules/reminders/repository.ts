import type { OptionValues, ProductOption } from '@lumina/shared/catalog/variants';
import { and, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { rowsOf } from '../../db/raw-rows.ts';
import {
  type ReminderKind,
  reminderMessages,
  reminders,
  type ReminderStopReason,
  type RestoreLine,
} from '../../db/schema/reminders.ts';
import type { LinePriceRow } from '../catalog/line-prices.ts';

/** A sequence due now, locked for this transaction, with what decides whether it goes on. */
export interface DueReminder {
  id: number;
  kind: ReminderKind;
  userId: number;
  cartId: number | null;
  orderId: number | null;
  sentCount: number;
  email: string;
  name: string;
  /** The shopper's marketing consent now (erased accounts read false). */
  consent: boolean;
  /** The cart is as it was when the sequence began (always true for an expired order). */
  unchanged: boolean;
  /** An order since: placed after the cart's change or the expired order, or paid since. */
  purchased: boolean;
  orderNumber: string | null;
}

/** A cart line or an expired order's item, with its variant and product as they are now. */
export interface ReminderLine extends LinePriceRow {
  productId: number;
  variantId: number | null;
  quantity: number;
  name: string;
  optionValues: OptionValues;
  options: ProductOption[];
  stockQuantity: number;
  /** The product and the variant are for sale now. */
  onSale: boolean;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** No second cart sequence for a shopper within this long of the last one began. */
export const CART_SEQUENCE_COOLDOWN_MS = 7 * DAY_MS;
/**
 * A cart or an expired order found later than the delay plus this (the jobs were off, the feature
 * just turned on) is left alone rather than reminded of long after the fact.
 */
export const START_WINDOW_MS = 3 * DAY_MS;

/** Timestamps as typed parameters: untyped, PostgreSQL would compare them as text. */
const ts = (at: Date) => sql`${at.toISOString()}::timestamptz`;

/** The sequences' SQL; pass a transaction as `db` to make several calls one unit. */
export function createReminderRepository(db: Db) {
  return {
    /**
     * Begins a sequence for each signed-in shopper's cart with items untouched since `cutoff`
     * (and not older than the start window), whose marketing consent is on, who ordered nothing
     * since, has no sequence running and began no cart sequence in the cooldown. The unique key
     * (cart, its change) keeps any number of concurrent scans to one sequence per cart change.
     */
    async startCartSequences(at: Date, delayMs: number): Promise<number> {
      const cutoff = new Date(at.getTime() - delayMs);
      const oldest = new Date(cutoff.getTime() - START_WINDOW_MS);
      const cooldown = new Date(at.getTime() - CART_SEQUENCE_COOLDOWN_MS);
      const result = await db.execute(sql`
        insert into ${reminders} (kind, user_id, cart_id, cart_changed_at, next_due_at, created_at)
        select 'cart', c.user_id, c.id, c.updated_at, ${ts(at)}, ${ts(at)}
        from carts c join users u on u.id = c.user_id
        where c.updated_at <= ${ts(cutoff)} and c.updated_at > ${ts(oldest)}
          and u.marketing_consent and u.erased_at is null
          and exists (select 1 from cart_items i where i.cart_id = c.id)
          and not exists (
            select 1 from ${reminders} r where r.user_id = c.user_id and (
              (r.stopped_at is null and r.next_due_at is not null)
              or (r.kind = 'cart' and r.created_at > ${ts(cooldown)})
            )
          )
          and not exists (
            select 1 from orders o where o.user_id = c.user_id
              and (o.created_at >= c.updated_at or o.paid_at >= c.updated_at)
          )
        on conflict do nothing
        returning id
      `);
      return rowsOf(result).length;
    },

    /**
     * Begins a sequence for each order cancelled by its PIX's (or its payment window's) expiry
     * since `cutoff`, within the start window, unpaid, of a shopper whose marketing consent is
     * on, with no later order and no sequence running. One per order (its unique key).
     */
    async startPixSequences(at: Date, delayMs: number): Promise<number> {
      const cutoff = new Date(at.getTime() - delayMs);
      const oldest = new Date(cutoff.getTime() - START_WINDOW_MS);
      const result = await db.execute(sql`
        insert into ${reminders} (kind, user_id, order_id, next_due_at, created_at)
        select 'pix_expired', o.user_id, o.id, ${ts(at)}, ${ts(at)}
        from orders o join users u on u.id = o.user_id
        where o.status = 'cancelled' and o.paid_at is null and o.payment_method = 'pix'
          and o.cancelled_at <= ${ts(cutoff)} and o.cancelled_at > ${ts(oldest)}
          and u.marketing_consent and u.erased_at is null
          and exists (
            select 1 from order_events e
            where e.order_id = o.id and e.to_status = 'cancelled' and e.details->>'source' = 'expiry'
          )
          and not exists (
            select 1 from ${reminders} r
            where r.user_id = o.user_id and r.stopped_at is null and r.next_due_at is not null
          )
          and not exists (
            select 1 from orders p where p.user_id = o.user_id and p.id <> o.id
              and (p.created_at > o.created_at or p.paid_at > o.created_at)
          )
        on conflict do nothing
        returning id
      `);
      return rowsOf(result).length;
    },

    /** Sequences whose next e-mail is due, oldest first. */
    async dueIds(at: Date, limit: number): Promise<number[]> {
      const result = await db.execute(sql`
        select id from ${reminders}
        where stopped_at is null and next_due_at is not null and next_due_at <= ${ts(at)}
        order by next_due_at, id
        limit ${limit}::integer
      `);
      return rowsOf<{ id: number }>(result).map((row) => row.id);
    },

    /**
     * Locks one due sequence for the caller's transaction with what decides its next step, or
     * nothing when it is no longer due or another process holds it (SKIP LOCKED).
     */
    async lockDue(id: number, at: Date): Promise<DueReminder | undefined> {
      const [row] = rowsOf<DueReminder>(
        await db.execute(sql`
          select r.id, r.kind, r.user_id as "userId", r.cart_id as "cartId",
            r.order_id as "orderId", r.sent_count as "sentCount", u.email, u.name,
            (u.marketing_consent and u.erased_at is null) as consent,
            (r.kind <> 'cart' or coalesce(c.updated_at = r.cart_changed_at, false)) as unchanged,
            (coalesce(eo.paid_at is not null, false) or exists (
              select 1 from orders o where o.user_id = r.user_id and case
                when r.kind = 'cart'
                  then o.created_at >= r.cart_changed_at or o.paid_at >= r.cart_changed_at
                else o.id <> r.order_id
                  and (o.created_at > eo.created_at or o.paid_at > eo.created_at)
              end
            )) as purchased,
            eo.order_number as "orderNumber"
          from ${reminders} r
          join users u on u.id = r.user_id
          left join carts c on c.id = r.cart_id
          left join orders eo on eo.id = r.order_id
          where r.id = ${id}::integer and r.stopped_at is null and r.next_due_at is not null
            and r.next_due_at <= ${ts(at)}
          for update of r skip locked
        `),
      );
      return row;
    },

    async stop(id: number, reason: ReminderStopReason, at: Date): Promise<void> {
      await db
        .update(reminders)
        .set({ stoppedAt: at, stopReason: reason })
        .where(and(eq(reminders.id, id), isNull(reminders.stoppedAt)));
    },

    /** Every sequence of a shopper still running ends (the consent was withdrawn). */
    async stopAllOf(userId: number, reason: ReminderStopReason, at: Date): Promise<void> {
      await db
        .update(reminders)
        .set({ stoppedAt: at, stopReason: reason })
        .where(
          and(
            eq(reminders.userId, userId),
            isNull(reminders.stoppedAt),
            isNotNull(reminders.nextDueAt),
          ),
        );
    },

    /** The cart's lines with their variants and products now. */
    async cartLines(cartId: number): Promise<ReminderLine[]> {
      return rowsOf<ReminderLine>(
        await db.execute(sql`
          select i.product_id as "productId", i.variant_id as "variantId", i.quantity,
            p.name, v.option_values as "optionValues", p.options,
            v.stock_quantity as "stockQuantity",
            (p.active and v.active and v.retired_at is null) as "onSale",
            p.price_cents as "priceCents", p.pix_price_cents as "pixPriceCents",
            p.sale_price_cents as "salePriceCents", v.price_cents as "variantPriceCents",
            v.pix_price_cents as "variantPixPriceCents", v.sale_price_cents as "variantSalePriceCents"
          from cart_items i
          join product_variants v on v.id = i.variant_id
          join products p on p.id = i.product_id
          where i.cart_id = ${cartId}::integer
          order by i.id
        `),
      );
    },

    /** The expired order's items, each with its variant and product as they are now. */
    async orderLines(orderId: number): Promise<ReminderLine[]> {
      return rowsOf<ReminderLine>(
        await db.execute(sql`
          select i.product_id as "productId", i.variant_id as "variantId", i.quantity,
            coalesce(p.name, i.product_name) as name,
            coalesce(v.option_values, i.option_values) as "optionValues",
            coalesce(p.options, '[]'::jsonb) as options,
            coalesce(v.stock_quantity, 0) as "stockQuantity",
            coalesce(p.active and v.active and v.retired_at is null, false) as "onSale",
            coalesce(p.price_cents, 0) as "priceCents", p.pix_price_cents as "pixPriceCents",
            p.sale_price_cents as "salePriceCents", v.price_cents as "variantPriceCents",
            v.pix_price_cents as "variantPixPriceCents", v.sale_price_cents as "variantSalePriceCents"
          from order_items i
          left join product_variants v on v.id = i.variant_id
          left join products p on p.id = v.product_id
          where i.order_id = ${orderId}::integer
          order by i.id
        `),
      );
    },

    /**
     * Claims e-mail `number` of the sequence: one row per number (its unique key), so a second
     * claim (another process, a retried run) gets nothing back and sends nothing.
     */
    async claimMessage(values: {
      reminderId: number;
      number: 1 | 2;
      at: Date;
      restoreTokenHash: string;
      restoreItems: RestoreLine[];
      restoreExpiresAt: Date;
      unsubscribeTokenHash: string;
      unsubscribeExpiresAt: Date;
    }): Promise<number | undefined> {
      const [row] = await db
        .insert(reminderMessages)
        .values({
          reminderId: values.reminderId,
          number: values.number,
          sentAt: values.at,
          restoreTokenHash: values.restoreTokenHash,
          restoreItems: values.restoreItems,
          restoreExpiresAt: values.restoreExpiresAt,
          unsubscribeTokenHash: values.unsubscribeTokenHash,
          unsubscribeExpiresAt: values.unsubscribeExpiresAt,
        })
        .onConflictDoNothing({ target: [reminderMessages.reminderId, reminderMessages.number] })
        .returning({ id: reminderMessages.id });
      return row?.id;
    },

    /** The sequence sent e-mail `number`; `nextDueAt` null: that was its last. */
    async markSent(id: number, number: number, nextDueAt: Date | null): Promise<void> {
      await db.update(reminders).set({ sentCount: number, nextDueAt }).where(eq(reminders.id, id));
    },

    /**
     * Spends a restore link: only once (restored_at still empty) and before it expires, in the
     * caller's transaction. Without a row back, `restoreLinkState` says why.
     */
    async spendRestore(
      hash: string,
      at: Date,
      by: { userId: number } | { sessionId: string },
    ): Promise<{ reminderId: number; items: RestoreLine[] } | undefined> {
      const [row] = await db
        .update(reminderMessages)
        .set({
          restoredAt: at,
          restoredUserId: 'userId' in by ? by.userId : null,
          restoredSessionId: 'sessionId' in by ? by.sessionId : null,
        })
        .where(
          and(
            eq(reminderMessages.restoreTokenHash, hash),
            isNull(reminderMessages.restoredAt),
            sql`${reminderMessages.restoreExpiresAt} > ${ts(at)}`,
          ),
        )
        .returning({
          reminderId: reminderMessages.reminderId,
          items: reminderMessages.restoreItems,
        });
      return row;
    },

    async restoreLinkState(hash: string): Promise<'unknown' | 'used' | 'expired'> {
      const [row] = await db
        .select({ restoredAt: reminderMessages.restoredAt })
        .from(reminderMessages)
        .where(eq(reminderMessages.restoreTokenHash, hash));
      if (!row) return 'unknown';
      return row.restoredAt ? 'used' : 'expired';
    },

    /** The shopper whose link last filled this visitor's session, if one did. */
    async restoredInSession(sessionId: string): Promise<number | undefined> {
      const [row] = await db
        .select({ userId: reminders.userId })
        .from(reminderMessages)
        .innerJoin(reminders, eq(reminders.id, reminderMessages.reminderId))
        .where(eq(reminderMessages.restoredSessionId, sessionId))
        .orderBy(desc(reminderMessages.restoredAt))
        .limit(1);
      return row?.userId;
    },

    /** Whose unsubscribe link this is, with the account's address and consent now. */
    async unsubscribeOwner(hash: string) {
      const [row] = rowsOf<{
        userId: number;
        email: string;
        consent: boolean;
        expiresAt: Date | string;
      }>(
        await db.execute(sql`
          select r.user_id as "userId", u.email,
            (u.marketing_consent and u.erased_at is null) as consent,
            m.unsubscribe_expires_at as "expiresAt"
          from ${reminderMessages} m
          join ${reminders} r on r.id = m.reminder_id
          join users u on u.id = r.user_id
          where m.unsubscribe_token_hash = ${hash}
        `),
      );
      return row && { ...row, expiresAt: new Date(row.expiresAt) };
    },
  };
}

/**
 * LGPD erasure: the person's sequences and their e-mails' links go; a restore they followed of
 * someone else's link forgets them.
 */
export async function forgetRemindersOf(tx: Db, userId: number): Promise<void> {
  await tx.delete(reminders).where(eq(reminders.userId, userId));
  await tx
    .update(reminderMessages)
    .set({ restoredUserId: null })
    .where(eq(reminderMessages.restoredUserId, userId));
}

/** The person's reminder sequences for their data export: what they were about and each e-mail. */
export async function remindersOfUser(db: Db, userId: number) {
  const sequences = await db
    .select()
    .from(reminders)
    .where(eq(reminders.userId, userId))
    .orderBy(desc(reminders.createdAt), desc(reminders.id));
  if (sequences.length === 0) return [];
  const messages = await db
    .select({
      reminderId: reminderMessages.reminderId,
      sentAt: reminderMessages.sentAt,
      restoredAt: reminderMessages.restoredAt,
    })
    .from(reminderMessages)
    .where(
      inArray(
        reminderMessages.reminderId,
        sequences.map((sequence) => sequence.id),
      ),
    )
    .orderBy(reminderMessages.number);
  return sequences.map((sequence) => ({
    sequence,
    messages: messages.filter((message) => message.reminderId === sequence.id),
  }));
}
