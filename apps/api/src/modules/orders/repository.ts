import { and, asc, desc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { cartItems, carts, type VariationDetails } from '../../db/schema/carts.ts';
import {
  type OrderItemRow,
  type OrderRow,
  orderEvents,
  orderItems,
  orders,
} from '../../db/schema/orders.ts';
import { products, productVariants } from '../../db/schema/products.ts';
import { coupons } from '../../db/schema/promotions.ts';
import type { CouponRow } from '../promotions/rule-row.ts';
import { linePriceColumns, type LinePriceRow } from '../catalog/line-prices.ts';
import type { OptionValues } from '@lumina/shared/catalog/variants';

/** A cart line with everything an order needs from its variant and product. */
export interface CheckoutLine extends LinePriceRow {
  lineId: number;
  productId: number;
  variantId: number;
  quantity: number;
  variationDetails: VariationDetails;
  optionValues: OptionValues;
  name: string;
  /** The variant's SKU. */
  sku: string;
  category: string;
  images: string[];
  variantImage: string | null;
  /** The variant's stock. */
  stockQuantity: number;
  /** Product and variant for sale. */
  active: boolean;
  /** The variant's weight when it has one, else the product's. */
  weightGrams: number;
  lengthCm: number;
  widthCm: number;
  heightCm: number;
  /** The code the cart holds (the same on every line of the cart). */
  cartCouponCode: string | null;
  /** Its coupon's row; null without a code or when no coupon has it any more. */
  coupon: CouponRow | null;
}

export type NewOrder = Omit<
  typeof orders.$inferInsert,
  'id' | 'orderNumber' | 'status' | 'paymentStatus'
>;
export type NewOrderItem = Omit<typeof orderItems.$inferInsert, 'id' | 'orderId'>;

/** Pass a transaction as `db` to make several writes one unit. */
export function createOrderRepository(db: Db) {
  return {
    /**
     * The user's cart lines with their products. `lock` holds the lines until the transaction
     * ends, so a quantity cannot change between pricing and reserving the stock. The cart's
     * coupon comes joined on every line: the order reads it without a statement of its own.
     */
    async checkoutLines(userId: number, options: { lock?: boolean } = {}) {
      const query = db
        .select({
          lineId: cartItems.id,
          productId: cartItems.productId,
          variantId: cartItems.variantId,
          quantity: cartItems.quantity,
          variationDetails: cartItems.variationDetails,
          optionValues: productVariants.optionValues,
          name: products.name,
          sku: productVariants.sku,
          category: products.category,
          images: products.images,
          variantImage: productVariants.image,
          ...linePriceColumns,
          stockQuantity: productVariants.stockQuantity,
          active: sql<boolean>`(${products.active} and ${productVariants.active} and ${productVariants.retiredAt} is null)`,
          weightGrams: sql<number>`coalesce(${productVariants.weightGrams}, ${products.weightGrams})`,
          lengthCm: products.lengthCm,
          widthCm: products.widthCm,
          heightCm: products.heightCm,
          cartCouponCode: carts.couponCode,
          coupon: getTableColumns(coupons),
        })
        .from(cartItems)
        .innerJoin(carts, eq(carts.id, cartItems.cartId))
        .innerJoin(productVariants, eq(productVariants.id, cartItems.variantId))
        .innerJoin(products, eq(products.id, cartItems.productId))
        .leftJoin(coupons, eq(coupons.code, carts.couponCode))
        .where(eq(carts.userId, userId))
        .orderBy(asc(cartItems.id));
      return (options.lock ? query.for('update', { of: cartItems }) : query) as Promise<
        CheckoutLine[]
      >;
    },

    /**
     * Serialises one user's order submissions (a double click, a retried request) and, in the
     * same statement, counts the user's unpaid orders, so the limit holds under that lock.
     */
    async lockUserCart(userId: number): Promise<{ unpaidOrders: number }> {
      const [row] = await db
        .select({
          unpaidOrders: sql<number>`(select count(*)::integer from ${orders} o where o.user_id = ${userId}::integer and o.status = 'pending')`,
        })
        .from(carts)
        .where(eq(carts.userId, userId))
        .for('update', { of: carts });
      return { unpaidOrders: Number(row?.unpaidOrders ?? 0) };
    },

    async findByIdempotencyKey(userId: number, key: string): Promise<OrderRow | undefined> {
      const [row] = await db
        .select()
        .from(orders)
        .where(and(eq(orders.userId, userId), eq(orders.idempotencyKey, key)));
      return row;
    },

    async insertOrder(values: NewOrder): Promise<OrderRow> {
      const [row] = await db.insert(orders).values(values).returning();
      if (!row) throw new Error('order insert returned no row');
      return row;
    },

    async insertItems(orderId: number, items: NewOrderItem[]): Promise<OrderItemRow[]> {
      return db
        .insert(orderItems)
        .values(items.map((item) => ({ ...item, orderId })))
        .returning();
    },

    async findOrder(id: number): Promise<OrderRow | undefined> {
      const [row] = await db.select().from(orders).where(eq(orders.id, id));
      return row;
    },

    async itemsOf(orderIds: number[]): Promise<OrderItemRow[]> {
      if (orderIds.length === 0) return [];
      return db
        .select()
        .from(orderItems)
        .where(inArray(orderItems.orderId, orderIds))
        .orderBy(asc(orderItems.id));
    },

    async listByUser(userId: number, limit: number): Promise<OrderRow[]> {
      return db
        .select()
        .from(orders)
        .where(eq(orders.userId, userId))
        .orderBy(desc(orders.createdAt), desc(orders.id))
        .limit(limit);
    },
  };
}

export type OrderRepository = ReturnType<typeof createOrderRepository>;

/** Orders of the account that are still moving (unpaid, paid and not shipped, on the way). */
export async function ordersInProgressOf(tx: Db, userId: number): Promise<string[]> {
  const rows = await tx
    .select({ number: orders.orderNumber })
    .from(orders)
    .where(
      and(eq(orders.userId, userId), inArray(orders.status, ['pending', 'processing', 'shipped'])),
    )
    .orderBy(asc(orders.id));
  return rows.map((row) => row.number);
}

/**
 * LGPD erasure of the customer behind some orders: each keeps what an invoice needs (name, CPF,
 * delivery address, items, values) by legal obligation until `retainedUntil`, and loses the
 * contact data (e-mail, phone), the birth date, the notes and the customer's IPs in its history.
 */
export async function keepFiscalDataOnly(
  tx: Db,
  userId: number,
  retainedUntil: (createdAt: Date) => Date,
  at: Date,
): Promise<{ id: number; orderNumber: string; retainedUntil: Date }[]> {
  const rows = await tx
    .select({ id: orders.id, orderNumber: orders.orderNumber, createdAt: orders.createdAt })
    .from(orders)
    .where(eq(orders.userId, userId))
    .for('update');
  const kept = rows.map((row) => ({ ...row, retainedUntil: retainedUntil(row.createdAt) }));
  for (const order of kept) {
    await tx
      .update(orders)
      .set({
        customerEmail: null,
        customerPhone: null,
        whatsappPhone: null,
        customerBirthDate: null,
        notes: null,
        idempotencyKey: null,
        retainedUntil: order.retainedUntil,
        updatedAt: at,
      })
      .where(eq(orders.id, order.id));
  }
  if (kept.length > 0) {
    await tx
      .update(orderEvents)
      .set({ ip: null })
      .where(
        and(
          inArray(
            orderEvents.orderId,
            kept.map((order) => order.id),
          ),
          eq(orderEvents.actor, 'customer'),
        ),
      );
  }
  return kept.map(({ id, orderNumber, retainedUntil: until }) => ({
    id,
    orderNumber,
    retainedUntil: until,
  }));
}

/**
 * The end of the fiscal retention of erased customers' orders: what was kept for the invoice
 * goes too (the name, the CPF, the street and number; the city and state stay for the shop's
 * figures). Answers how many orders were cleared.
 */
export async function purgeRetainedOrders(tx: Db, at: Date): Promise<number> {
  const rows = await tx
    .update(orders)
    .set({
      customerName: 'Titular excluído',
      customerCpf: null,
      shippingAddress: sql`jsonb_build_object(
        'street', '', 'number', '', 'complement', null, 'neighborhood', '',
        'city', ${orders.shippingAddress}->>'city', 'state', ${orders.shippingAddress}->>'state',
        'zipCode', '')`,
      retainedUntil: null,
      updatedAt: at,
    })
    .where(sql`${orders.retainedUntil} <= ${at.toISOString()}::timestamptz`)
    .returning({ id: orders.id });
  return rows.length;
}
