import { and, asc, count, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { type AddressRow, addresses } from '../../db/schema/addresses.ts';
import { users } from '../../db/schema/users.ts';

/** The columns a customer writes; owner, default flag and timestamps are the server's. */
export interface AddressValues {
  name: string;
  street: string;
  number: string;
  complement: string | null;
  neighborhood: string;
  city: string;
  state: string;
  zipCode: string;
}

/** Pass a transaction as `db` to make several writes one unit. */
export function createAddressRepository(db: Db) {
  const owned = (userId: number, id: number) =>
    and(eq(addresses.id, id), eq(addresses.userId, userId));

  return {
    /**
     * Holds the user's row until the transaction ends, so two requests changing the same address
     * book (both creating a "first" address, say) run one after the other.
     */
    async lockUser(userId: number): Promise<boolean> {
      const [row] = await db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.id, userId))
        .for('update');
      return row !== undefined;
    },

    async listByUser(userId: number): Promise<AddressRow[]> {
      return db
        .select()
        .from(addresses)
        .where(eq(addresses.userId, userId))
        .orderBy(sql`${addresses.isDefault} desc`, asc(addresses.id));
    },

    async countByUser(userId: number): Promise<number> {
      const [row] = await db
        .select({ total: count() })
        .from(addresses)
        .where(eq(addresses.userId, userId));
      return row?.total ?? 0;
    },

    async findOwned(userId: number, id: number): Promise<AddressRow | undefined> {
      const [row] = await db.select().from(addresses).where(owned(userId, id)).limit(1);
      return row;
    },

    async insert(userId: number, values: AddressValues, isDefault: boolean, at: Date) {
      const [row] = await db
        .insert(addresses)
        .values({ ...values, userId, isDefault, createdAt: at, updatedAt: at })
        .returning();
      if (!row) throw new Error('insert into addresses returned no row');
      return row;
    },

    async update(userId: number, id: number, values: Partial<AddressValues>, at: Date) {
      const [row] = await db
        .update(addresses)
        .set({ ...values, updatedAt: at })
        .where(owned(userId, id))
        .returning();
      return row;
    },

    async delete(userId: number, id: number): Promise<AddressRow | undefined> {
      const [row] = await db.delete(addresses).where(owned(userId, id)).returning();
      return row;
    },

    /** Clears the flag first: the partial unique index allows one default per user at a time. */
    async makeDefault(userId: number, id: number, at: Date): Promise<AddressRow | undefined> {
      await db
        .update(addresses)
        .set({ isDefault: false, updatedAt: at })
        .where(
          and(eq(addresses.userId, userId), eq(addresses.isDefault, true), ne(addresses.id, id)),
        );
      const [row] = await db
        .update(addresses)
        .set({ isDefault: true, updatedAt: at })
        .where(owned(userId, id))
        .returning();
      return row;
    },

    /** The oldest remaining address, which becomes the default when the default is deleted. */
    async oldest(userId: number): Promise<AddressRow | undefined> {
      const [row] = await db
        .select()
        .from(addresses)
        .where(eq(addresses.userId, userId))
        .orderBy(asc(addresses.id))
        .limit(1);
      return row;
    },
  };
}

export type AddressRepository = ReturnType<typeof createAddressRepository>;

/** LGPD erasure: the account's address book goes. */
export async function forgetAddressesOf(tx: Db, userId: number): Promise<number> {
  const rows = await tx
    .delete(addresses)
    .where(eq(addresses.userId, userId))
    .returning({ id: addresses.id });
  return rows.length;
}
