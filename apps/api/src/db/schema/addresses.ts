import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** Spec 000 section 3 and spec 001 section 3 (Address); full_address is derived when answering. */
export const addresses = pgTable(
  'addresses',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull().default('Endereço Principal'),
    street: text('street').notNull(),
    number: text('number').notNull(),
    complement: text('complement'),
    neighborhood: text('neighborhood').notNull(),
    city: text('city').notNull(),
    /** Two upper-case letters (UF). */
    state: text('state').notNull(),
    /** Eight digits without the mask. */
    zipCode: text('zip_code').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('addresses_user_id_idx').on(t.userId),
    // The database itself guarantees at most one default address per user.
    uniqueIndex('addresses_one_default_per_user_idx')
      .on(t.userId)
      .where(sql`${t.isDefault}`),
    check('addresses_state_check', sql`${t.state} ~ '^[A-Z]{2}$'`),
    check('addresses_zip_code_check', sql`${t.zipCode} ~ '^[0-9]{8}$'`),
  ],
);

export type AddressRow = typeof addresses.$inferSelect;
export type NewAddressRow = typeof addresses.$inferInsert;
