import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { products, productVariants } from './products.ts';
import { users } from './users.ts';

/** Size, measure and colour a shopper chose for a line (spec 000 §3, variation_details). */
export interface VariationDetails {
  size?: string;
  measure?: string;
  color?: string;
}

/**
 * A cart belongs either to a user (one each) or to a browser session (the X-Session-ID UUID of
 * an anonymous visitor), never both. Anonymous carts untouched for 30 days are purged.
 */
export const carts = pgTable(
  'carts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .unique()
      .references(() => users.id, { onDelete: 'cascade' }),
    sessionId: uuid('session_id').unique(),
    /** The coupon the shopper applied (upper case); dropped when it stops applying. */
    couponCode: text('coupon_code'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('carts_one_owner_check', sql`(${t.userId} IS NULL) <> (${t.sessionId} IS NULL)`),
    index('carts_anonymous_updated_at_idx')
      .on(t.updatedAt)
      .where(sql`${t.sessionId} IS NOT NULL`),
    // The owner's home counts the carts changed in a period (admin/dashboard-figures.ts).
    index('carts_updated_at_idx').on(t.updatedAt),
  ],
);

/**
 * One line per variant: the database itself merges repeated adds of the same variant into one
 * line. `variation_details` is what a line of the release before variants recorded as chosen;
 * a line's options are now its variant's.
 */
export const cartItems = pgTable(
  'cart_items',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    cartId: integer('cart_id')
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    variantId: integer('variant_id')
      .notNull()
      .references(() => productVariants.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    variationDetails: jsonb('variation_details').$type<VariationDetails>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('cart_items_variant_unique').on(t.cartId, t.variantId),
    // The owner's home: the lines added in a period, with their cart (admin/dashboard-figures.ts).
    index('cart_items_created_at_idx').on(t.createdAt, t.cartId),
    check('cart_items_quantity_check', sql`${t.quantity} > 0`),
  ],
);

/** A logged-in shopper's wishlist (visitors keep theirs in the browser). */
export const wishlistItems = pgTable(
  'wishlist_items',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('wishlist_items_user_product_unique').on(t.userId, t.productId)],
);

export type CartRow = typeof carts.$inferSelect;
export type CartItemRow = typeof cartItems.$inferSelect;
export type WishlistItemRow = typeof wishlistItems.$inferSelect;
