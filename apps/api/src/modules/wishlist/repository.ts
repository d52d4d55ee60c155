import type { ProductOption } from '@lumina/shared/catalog/variants';
import { and, count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { wishlistItems } from '../../db/schema/carts.ts';
import { products } from '../../db/schema/products.ts';

export interface WishlistRow {
  id: number;
  productId: number;
  addedAt: Date;
  name: string;
  sku: string;
  priceCents: number;
  pixPriceCents: number | null;
  images: string[];
  stockQuantity: number;
  active: boolean;
  options: ProductOption[];
}

const columns = {
  id: wishlistItems.id,
  productId: wishlistItems.productId,
  addedAt: wishlistItems.addedAt,
  name: products.name,
  sku: products.sku,
  priceCents: products.priceCents,
  pixPriceCents: products.pixPriceCents,
  images: products.images,
  stockQuantity: products.stockQuantity,
  active: products.active,
  options: products.options,
};

export function createWishlistRepository(db: Db) {
  return {
    async list(userId: number): Promise<WishlistRow[]> {
      return db
        .select(columns)
        .from(wishlistItems)
        .innerJoin(products, eq(products.id, wishlistItems.productId))
        .where(eq(wishlistItems.userId, userId))
        .orderBy(desc(wishlistItems.addedAt), desc(wishlistItems.id));
    },

    async count(userId: number): Promise<number> {
      const [row] = await db
        .select({ total: count() })
        .from(wishlistItems)
        .where(eq(wishlistItems.userId, userId));
      return row?.total ?? 0;
    },

    async find(userId: number, id: number): Promise<WishlistRow | undefined> {
      const [row] = await db
        .select(columns)
        .from(wishlistItems)
        .innerJoin(products, eq(products.id, wishlistItems.productId))
        .where(and(eq(wishlistItems.userId, userId), eq(wishlistItems.id, id)));
      return row;
    },

    /** Inserts unless the product is already listed; undefined then (the unique index decides). */
    async insert(userId: number, productId: number, at: Date): Promise<number | undefined> {
      const [row] = await db
        .insert(wishlistItems)
        .values({ userId, productId, addedAt: at })
        .onConflictDoNothing()
        .returning({ id: wishlistItems.id });
      return row?.id;
    },

    async remove(userId: number, id: number): Promise<boolean> {
      const [row] = await db
        .delete(wishlistItems)
        .where(and(eq(wishlistItems.userId, userId), eq(wishlistItems.id, id)))
        .returning({ id: wishlistItems.id });
      return row !== undefined;
    },

    async productExists(productId: number): Promise<boolean> {
      const [row] = await db
        .select({ id: products.id })
        .from(products)
        .where(eq(products.id, productId));
      return row !== undefined;
    },
  };
}

/** LGPD erasure: the account's wishlist goes. */
export async function forgetWishlistOf(tx: Db, userId: number): Promise<void> {
  await tx.delete(wishlistItems).where(eq(wishlistItems.userId, userId));
}
