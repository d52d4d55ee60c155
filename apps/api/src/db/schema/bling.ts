import { SYNC_STATUSES } from '@lumina/shared/admin/sync-status';
import { sql } from 'drizzle-orm';
import { check, date, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { orders } from './orders.ts';
import { products, productVariants } from './products.ts';
import { users } from './users.ts';

/**
 * The shop's one connection to Bling (row id 1). Tokens are stored encrypted (AES-256-GCM with
 * BLING_TOKEN_KEY); a refresh rotates the refresh token, so it happens under this row's lock and
 * the new pair is written in the same transaction: two processes never both spend one token.
 */
export const blingConnection = pgTable(
  'bling_connection',
  {
    id: integer('id').primaryKey().default(1),
    accessTokenEnc: text('access_token_enc').notNull(),
    refreshTokenEnc: text('refresh_token_enc').notNull(),
    accessExpiresAt: timestamp('access_expires_at', { withTimezone: true }).notNull(),
    scope: text('scope'),
    connectedBy: integer('connected_by').references(() => users.id, { onDelete: 'set null' }),
    connectedAt: timestamp('connected_at', { withTimezone: true }).notNull().defaultNow(),
    refreshedAt: timestamp('refreshed_at', { withTimezone: true }),
    /** The last full or incremental product sync: when it started, ended, and what it did. */
    syncStartedAt: timestamp('sync_started_at', { withTimezone: true }),
    syncFinishedAt: timestamp('sync_finished_at', { withTimezone: true }),
    syncSummary: jsonb('sync_summary').$type<Record<string, unknown>>(),
    /** Products changed in Bling after this are read by the next incremental sync. */
    lastSyncAt: timestamp('last_sync_at', { withTimezone: true }),
  },
  () => [check('bling_connection_single_row', sql`id = 1`)],
);

/**
 * An OAuth `state` handed to one administrator's browser (its hash here, the value in an
 * httpOnly cookie); the callback is accepted once, within 10 minutes, from that browser only.
 */
export const blingOauthStates = pgTable('bling_oauth_states', {
  stateHash: text('state_hash').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Bling allows 3 requests a second and 120,000 a day per account: every process takes its turn
 * from this one row (id 1), so the limit holds however many processes call Bling.
 */
export const blingRateLimit = pgTable(
  'bling_rate_limit',
  {
    id: integer('id').primaryKey().default(1),
    /** The moments of the last few calls let through (as many as the per-second share). */
    recent: timestamp('recent', { withTimezone: true }).array().notNull(),
    day: date('day').notNull(),
    dayCount: integer('day_count').notNull().default(0),
    /**
     * The call let through last, by a number each call draws: a call knows it was let through by
     * finding its own number here (a time cannot tell, as two calls may read the same clock tick).
     */
    lastGrant: uuid('last_grant'),
  },
  () => [check('bling_rate_limit_single_row', sql`id = 1`)],
);

/**
 * Every webhook Bling delivered, once (its eventId): a redelivery finds its row and changes
 * nothing. The job that processes it re-reads the data from Bling's API.
 */
export const blingWebhookEvents = pgTable('bling_webhook_events', {
  eventId: text('event_id').primaryKey(),
  event: text('event').notNull(),
  /** Bling's own moment of the event: what decides whether it is older than one already seen. */
  occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
  resourceId: text('resource_id'),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  processedAt: timestamp('processed_at', { withTimezone: true }),
  /** 'applied', 'stale' (an older event than one already applied) or 'ignored'. */
  outcome: text('outcome'),
  error: text('error'),
});

/**
 * The newest Bling moment applied to each resource ('product:123', 'stock:123'): an event that
 * arrives later but happened earlier does not move the shop's data backwards.
 */
export const blingResourceVersions = pgTable('bling_resource_versions', {
  resource: text('resource').primaryKey(),
  occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
});

/**
 * A paid order on its way to Bling as a sales order, once: claimed ('sending') before the call,
 * 'sent' with Bling's id after; 'uncertain' when Bling never answered (not sent again: the owner
 * checks Bling), 'failed' when Bling refused it (the reason kept).
 */
export const blingSalesOrders = pgTable('bling_sales_orders', {
  orderId: integer('order_id')
    .primaryKey()
    .references(() => orders.id, { onDelete: 'cascade' }),
  state: text('state', { enum: ['sending', 'sent', 'uncertain', 'failed'] }).notNull(),
  blingId: text('bling_id'),
  attemptedAt: timestamp('attempted_at', { withTimezone: true }).notNull(),
  sentAt: timestamp('sent_at', { withTimezone: true }),
  error: text('error'),
});

/**
 * Bling's id of each variation, kept per shop variant: a Bling product with variations is one
 * shop product whose variants are its variations (matched by SKU), and each variant's stock moves
 * in Bling on its own variation. Deleted with the variant; a variant without a row is not Bling's
 * (yet: the next push creates its variation).
 */
export const blingVariantLinks = pgTable('bling_variant_links', {
  variantId: integer('variant_id')
    .primaryKey()
    .references(() => productVariants.id, { onDelete: 'cascade' }),
  blingId: text('bling_id').notNull().unique(),
  syncedAt: timestamp('synced_at', { withTimezone: true }).notNull(),
});

/**
 * Where a product stands with Bling, kept by the ERP module (the catalogue owns the product
 * itself; others only read this, joined on the product's id). A product without a row never
 * took part. `bling_id` is the product's id in Bling (null until a push creates it there);
 * `from_bling` is derived from it.
 */
export const blingProductLinks = pgTable(
  'bling_product_links',
  {
    productId: integer('product_id')
      .primaryKey()
      .references(() => products.id, { onDelete: 'cascade' }),
    blingId: text('bling_id').unique(),
    /**
     * Spec 001 §3, §4: 'pending' (a change Bling has not seen), 'failed' (the last push or pull
     * failed: sync_error says why), 'synced'.
     */
    syncStatus: text('sync_status', { enum: SYNC_STATUSES }),
    syncError: text('sync_error'),
    /** When the product's own data last went between the shop and Bling (the spec's last_sync). */
    productSyncedAt: timestamp('product_synced_at', { withTimezone: true }),
    /** When the shop last heard from or told Bling anything of it: data, stock or removal. */
    syncedAt: timestamp('synced_at', { withTimezone: true }),
  },
  (t) => [
    check(
      'bling_product_links_sync_status_check',
      sql`${t.syncStatus} IS NULL OR ${t.syncStatus} IN ('pending', 'failed', 'synced')`,
    ),
  ],
);

export type BlingProductLinkRow = typeof blingProductLinks.$inferSelect;
