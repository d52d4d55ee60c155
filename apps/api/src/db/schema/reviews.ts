import { REVIEW_STATUSES } from '@lumina/shared/reviews/review-schemas';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { orderItems, orders } from './orders.ts';
import { products } from './products.ts';
import { users } from './users.ts';

/**
 * A verified buyer's review of one product of one delivered order (one per product and order).
 * It keeps only what the product page shows of the person: the first name, as the order named
 * them, and the variant bought. LGPD erasure deletes the account's reviews with their photos.
 */
export const productReviews = pgTable(
  'product_reviews',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The line bought (its variant), while the order keeps it. */
    orderItemId: integer('order_item_id').references(() => orderItems.id, {
      onDelete: 'set null',
    }),
    authorName: text('author_name').notNull(),
    /** 'Diâmetro: 8 mm' as bought; '' for a product without options. */
    variantLabel: text('variant_label').notNull().default(''),
    rating: integer('rating').notNull(),
    /** Plain text: markup, scripts and links are taken out on write. */
    text: text('text').notNull().default(''),
    /** The photo's random id: its files are uploads/reviews/{id}.webp and {id}-480.webp. */
    photoId: text('photo_id'),
    status: text('status', { enum: REVIEW_STATUSES }).notNull().default('pending'),
    /** The shop's public answer, plain text. */
    reply: text('reply'),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    moderatedAt: timestamp('moderated_at', { withTimezone: true }),
    moderatedBy: integer('moderated_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('product_reviews_order_product_unique').on(t.orderId, t.productId),
    // The product page's list and its mean read approved reviews of one product, newest first.
    index('product_reviews_product_status_idx').on(t.productId, t.status, t.createdAt),
    index('product_reviews_status_created_at_idx').on(t.status, t.createdAt),
    index('product_reviews_user_id_idx').on(t.userId),
    check('product_reviews_rating_check', sql`${t.rating} BETWEEN 1 AND 5`),
    check(
      'product_reviews_status_check',
      sql`${t.status} IN (${sql.raw(REVIEW_STATUSES.map((s) => `'${s}'`).join(', '))})`,
    ),
  ],
);

export type ProductReviewRow = typeof productReviews.$inferSelect;

/**
 * The one e-mail per delivered order asking for its reviews: the row is written in the same
 * transaction that queues the e-mail, so any number of processes scanning at once send it once.
 */
export const reviewRequests = pgTable('review_requests', {
  orderId: integer('order_id')
    .primaryKey()
    .references(() => orders.id, { onDelete: 'cascade' }),
  requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
});
