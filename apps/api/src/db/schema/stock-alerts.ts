import { STOCK_ALERT_STATUSES } from '@lumina/shared/stock-alerts/stock-alert-schemas';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { productVariants } from './products.ts';

/**
 * 'Avise-me quando chegar': one address waiting for one out-of-stock variant. A visitor's alert
 * is 'pending' until the link of the confirmation e-mail is followed (double opt-in); a signed-in
 * shopper's own verified address starts 'waiting'. When the variant's stock goes from 0 to
 * positive the oldest waiting ones (requested_at, id) are claimed and marked 'sent' in the
 * movement's transaction, so each is e-mailed once. Tokens are kept as sha256, never in clear.
 */
export const stockAlerts = pgTable(
  'stock_alerts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    variantId: integer('variant_id')
      .notNull()
      .references(() => productVariants.id, { onDelete: 'cascade' }),
    /** Trimmed and lower-cased, as accounts keep theirs (the LGPD export and erasure match it). */
    email: text('email').notNull(),
    status: text('status', { enum: STOCK_ALERT_STATUSES }).notNull(),
    /** The confirmation link's token, while the alert is pending. */
    confirmTokenHash: text('confirm_token_hash').unique(),
    /** The link that cancels the alert and erases the address ('Cancelar aviso'). */
    cancelTokenHash: text('cancel_token_hash').notNull().unique(),
    /** When the box consenting to this one e-mail was ticked (LGPD art. 8: proof of consent). */
    consentedAt: timestamp('consented_at', { withTimezone: true }).notNull(),
    /** The queue's order: who asked first is told first. */
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('stock_alerts_variant_email_unique').on(t.variantId, t.email),
    index('stock_alerts_waiting_idx')
      .on(t.variantId, t.requestedAt, t.id)
      .where(sql`${t.status} = 'waiting'`),
    index('stock_alerts_email_idx').on(t.email),
    check('stock_alerts_status_check', sql`${t.status} IN ('pending', 'waiting', 'sent')`),
  ],
);

export type StockAlertRow = typeof stockAlerts.$inferSelect;
