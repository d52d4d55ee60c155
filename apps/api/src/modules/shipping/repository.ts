import { and, asc, eq, getTableColumns, ne } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { cartItems, carts } from '../../db/schema/carts.ts';
import { products } from '../../db/schema/products.ts';
import { coupons } from '../../db/schema/promotions.ts';
import type { CouponRow } from '../promotions/rule-row.ts';
import type { PackageLine } from '../../integrations/shipping/parcel.ts';

/** A line to ship with its product's package and regular price (cents). */
export interface ShippingLine extends PackageLine {
  priceCents: number;
}

const productPackage = {
  weightGrams: products.weightGrams,
  lengthCm: products.lengthCm,
  widthCm: products.widthCm,
  heightCm: products.heightCm,
  priceCents: products.priceCents,
};

export function createShippingRepository(db: Db) {
  return {
    /**
     * The user's cart lines that can be ordered (active products), with what each unit weighs,
     * measures and costs now. Inactive products stay in the cart but are never shipped.
     */
    async cartLines(userId: number): Promise<ShippingLine[]> {
      return db
        .select({ quantity: cartItems.quantity, ...productPackage })
        .from(cartItems)
        .innerJoin(carts, eq(carts.id, cartItems.cartId))
        .innerJoin(products, eq(products.id, cartItems.productId))
        .where(and(eq(carts.userId, userId), eq(products.active, true)))
        .orderBy(asc(cartItems.id));
    },

    /** The coupon the user's cart holds, if a coupon still has its code. */
    async cartCoupon(userId: number): Promise<CouponRow | undefined> {
      const [row] = await db
        .select({ coupon: getTableColumns(coupons) })
        .from(carts)
        .innerJoin(coupons, eq(coupons.code, carts.couponCode))
        .where(eq(carts.userId, userId));
      return row?.coupon;
    },

    /**
     * One unit of a product for its page's calculator. Like the product page itself, an inactive
     * product is still found and a hidden one is not.
     */
    async productUnit(productId: number): Promise<Omit<ShippingLine, 'quantity'> | undefined> {
      const [row] = await db
        .select(productPackage)
        .from(products)
        .where(and(eq(products.id, productId), ne(products.displayStatus, 'hidden')));
      return row;
    },
  };
}

export type ShippingRepository = ReturnType<typeof createShippingRepository>;
