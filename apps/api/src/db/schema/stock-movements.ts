import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { products, productVariants } from './products.ts';

/**
 * Every change of stock of a product kept in step with the ERP (a product with a Bling id),
 * written by the stock owner (modules/catalog/stock.ts) in the statement that moves the stock.
 * The ERP module sends the shop's own movements to Bling once and records how that went.
 */
export const stockMovements = pgTable(
  'stock_movements',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** The variant whose stock moved (null only for movements older than variants). */
    variantId: integer('variant_id').references(() => productVariants.id, { onDelete: 'cascade' }),
    /** Units added (positive) or taken (negative). */
    delta: integer('delta').notNull(),
    /** The count after an absolute 'set' (what Bling's balance operation takes). */
    balanceAfter: integer('balance_after'),
    /** reserve (an order), release (cancelled, expired), set (the panel), erp (from Bling). */
    reason: text('reason', { enum: ['reserve', 'release', 'set', 'erp'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /**
     * pending -> sending -> sent; 'uncertain' when Bling never answered (it may have applied it:
     * not sent again, the owner is told); 'failed' when Bling refused it; 'skipped' for Bling's own.
     */
    erpState: text('erp_state', {
      enum: ['pending', 'sending', 'sent', 'uncertain', 'failed', 'skipped'],
    }).notNull(),
    erpAttemptedAt: timestamp('erp_attempted_at', { withTimezone: true }),
    erpSentAt: timestamp('erp_sent_at', { withTimezone: true }),
    erpMovementId: text('erp_movement_id'),
    erpError: text('erp_error'),
  },
  (t) => [
    index('stock_movements_unsent_idx')
      .on(t.id)
      .where(sql`${t.erpState} in ('pending', 'sending')`),
    index('stock_movements_product_idx').on(t.productId, t.id),
  ],
);
