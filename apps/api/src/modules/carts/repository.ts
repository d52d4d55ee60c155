import { MAX_CART_LINES } from '@lumina/shared/cart/cart-schemas';
import { and, asc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { rowsOf } from '../../db/raw-rows.ts';
import { cartItems, carts, type VariationDetails } from '../../db/schema/carts.ts';
import { products, productVariants } from '../../db/schema/products.ts';
import { coupons } from '../../db/schema/promotions.ts';
import type { CouponRow } from '../promotions/rule-row.ts';
import { linePriceColumns, type LinePriceRow } from '../catalog/line-prices.ts';
import type { OptionValues, ProductOption } from '@lumina/shared/catalog/variants';

/** Whose cart: a user's, or an anonymous browser session's (the X-Session-ID UUID). */
export type CartOwner = { userId: number } | { sessionId: string };

/** A cart line with the current data of its variant and product, as the answer needs it. */
export interface CartLineRow extends LinePriceRow {
  id: number;
  productId: number;
  variantId: number;
  quantity: number;
  variationDetails: VariationDetails;
  name: string;
  sku: string;
  options: ProductOption[];
  optionValues: OptionValues;
  images: string[];
  variantImage: string | null;
  stockQuantity: number;
  category: string;
  /** The product and the variant are both for sale (a retired variant is not). */
  active: boolean;
  cartId: number;
  /** The coupon code the cart holds (the same on every line). */
  couponCode: string | null;
  /** That coupon's row, joined in; null without a code or when the coupon was deleted. */
  coupon: CouponRow | null;
}

/** What a variant offers to a cart: enough to refuse an add before writing anything. */
export interface ProductForCart {
  id: number;
  variantId: number;
  active: boolean;
  stockQuantity: number;
}

/** Whether a line's variant is for sale: its product and itself active, the variant not retired. */
const variantOnSale = sql<boolean>`(${products.active} and ${productVariants.active} and ${productVariants.retiredAt} is null)`;

function ownerCondition(owner: CartOwner): SQL {
  return 'userId' in owner ? eq(carts.userId, owner.userId) : eq(carts.sessionId, owner.sessionId);
}

/** The owner's cart id as a subquery, so a line is only ever reached through its owner. */
function ownerCartId(owner: CartOwner) {
  return sql`(select ${carts.id} from ${carts} where ${ownerCondition(owner)})`;
}

/** Pass a transaction as `db` to make several writes one unit. */
export function createCartRepository(db: Db) {
  return {
    /** The owner's cart id, created on first use; every call also marks the cart as touched. */
    async ensureCart(owner: CartOwner, at: Date): Promise<number> {
      const values = 'userId' in owner ? { userId: owner.userId } : { sessionId: owner.sessionId };
      const target = 'userId' in owner ? carts.userId : carts.sessionId;
      const [row] = await db
        .insert(carts)
        .values({ ...values, createdAt: at, updatedAt: at })
        .onConflictDoUpdate({ target, set: { updatedAt: at } })
        .returning({ id: carts.id });
      if (!row) throw new Error('cart upsert returned no row');
      return row.id;
    },

    /** Marks the cart as used, so the 30-day purge counts from the last change. */
    async touch(owner: CartOwner, at: Date): Promise<void> {
      await db.update(carts).set({ updatedAt: at }).where(ownerCondition(owner));
    },

    async lines(owner: CartOwner): Promise<CartLineRow[]> {
      return db
        .select({
          id: cartItems.id,
          productId: cartItems.productId,
          variantId: cartItems.variantId,
          quantity: cartItems.quantity,
          variationDetails: cartItems.variationDetails,
          name: products.name,
          sku: productVariants.sku,
          options: products.options,
          optionValues: productVariants.optionValues,
          ...linePriceColumns,
          images: products.images,
          variantImage: productVariants.image,
          stockQuantity: productVariants.stockQuantity,
          category: products.category,
          active: variantOnSale,
          cartId: carts.id,
          couponCode: carts.couponCode,
          // Joined in, so a cart with a coupon is read in the same one statement as without.
          coupon: coupons,
        })
        .from(cartItems)
        .innerJoin(carts, eq(carts.id, cartItems.cartId))
        .innerJoin(productVariants, eq(productVariants.id, cartItems.variantId))
        .innerJoin(products, eq(products.id, cartItems.productId))
        .leftJoin(coupons, eq(coupons.code, carts.couponCode))
        .where(ownerCondition(owner))
        .orderBy(asc(cartItems.id));
    },

    /** Keeps a coupon on the owner's cart, creating the cart when the owner has none yet. */
    async setCoupon(owner: CartOwner, code: string, at: Date): Promise<void> {
      const values = 'userId' in owner ? { userId: owner.userId } : { sessionId: owner.sessionId };
      const target = 'userId' in owner ? carts.userId : carts.sessionId;
      await db
        .insert(carts)
        .values({ ...values, couponCode: code, createdAt: at, updatedAt: at })
        .onConflictDoUpdate({ target, set: { couponCode: code, updatedAt: at } });
    },

    /** Takes the coupon off the owner's cart (any, or only `code`: a drop races no new apply). */
    async dropCoupon(owner: CartOwner, code?: string): Promise<void> {
      await db
        .update(carts)
        .set({ couponCode: null })
        .where(
          code === undefined
            ? ownerCondition(owner)
            : and(ownerCondition(owner), eq(carts.couponCode, code)),
        );
    },

    /**
     * An add in one statement (one round trip, so adding to the cart answers fast): reads the
     * variant (the one asked for, or the product's only one when none was), creates or touches
     * the owner's cart when it is for sale, and adds `quantity` to the line of this variant,
     * creating the line when the cart has room for one more. The stock bound is part of the
     * statement, checked against the line as it is when the row is written, so a line never holds
     * more than the variant's stock. Without a `line` the add was refused: no such variant of this
     * product (or no single one), an inactive one (no cart made then), or the stock or the line
     * limit (the caller finds out which).
     */
    async addToCart(
      owner: CartOwner,
      input: {
        productId: number;
        variantId: number | null;
        quantity: number;
        variationDetails: VariationDetails;
        at: Date;
      },
    ): Promise<{
      product: ProductForCart | undefined;
      cartId: number | undefined;
      line: { id: number; quantity: number } | undefined;
    }> {
      const { productId, variantId, quantity, at } = input;
      const stamp = at.toISOString();
      const details = JSON.stringify(input.variationDetails);
      const [ownerColumn, ownerValue] =
        'userId' in owner
          ? [sql.raw('user_id'), sql`${owner.userId}::integer`]
          : [sql.raw('session_id'), sql`${owner.sessionId}::uuid`];
      // Parameters are typed: untyped, two of them would be compared as text.
      const result = await db.execute(sql`
        with product as (
          select p.id, v.id as variant_id, (p.active and v.active) as active, v.stock_quantity
          from ${products} p
          join ${productVariants} v on v.product_id = p.id and v.retired_at is null
          where p.id = ${productId}::integer and (
            v.id = ${variantId}::integer
            or (${variantId}::integer is null and not exists (
              select 1 from ${productVariants} o
              where o.product_id = p.id and o.retired_at is null and o.id <> v.id
            ))
          )
        ),
        cart as (
          insert into ${carts} (${ownerColumn}, created_at, updated_at)
          select ${ownerValue}, ${stamp}::timestamptz, ${stamp}::timestamptz
          where exists (select 1 from product where active)
          on conflict (${ownerColumn}) do update set updated_at = excluded.updated_at
          returning id
        ),
        line as (
          insert into ${cartItems} (cart_id, product_id, variant_id, quantity, variation_details, created_at, updated_at)
          select cart.id, product.id, product.variant_id, ${quantity}::integer,
            ${details}::jsonb, ${stamp}::timestamptz, ${stamp}::timestamptz
          from cart, product
          where product.active and ${quantity}::integer <= product.stock_quantity and (
            exists (select 1 from ${cartItems} where cart_id = cart.id and variant_id = product.variant_id)
            or (select count(*) from ${cartItems} where cart_id = cart.id) < ${MAX_CART_LINES}::integer
          )
          on conflict (cart_id, variant_id) do update
            set quantity = ${cartItems.quantity} + excluded.quantity, updated_at = excluded.updated_at
            where ${cartItems.quantity} + excluded.quantity <= (select stock_quantity from product)
          returning id, quantity
        )
        select product.id as product_id, product.variant_id, product.active, product.stock_quantity,
          (select id from cart) as cart_id, line.id as line_id, line.quantity as line_quantity
        from (select 1) as one
        left join product on true
        left join line on true
      `);
      const [row] = rowsOf<{
        product_id: number | null;
        variant_id: number | null;
        active: boolean | null;
        stock_quantity: number | null;
        cart_id: number | null;
        line_id: number | null;
        line_quantity: number | null;
      }>(result);
      return {
        product:
          row?.product_id == null || row.variant_id == null
            ? undefined
            : {
                id: row.product_id,
                variantId: row.variant_id,
                active: row.active === true,
                stockQuantity: row.stock_quantity ?? 0,
              },
        cartId: row?.cart_id ?? undefined,
        line:
          row?.line_id == null ? undefined : { id: row.line_id, quantity: row.line_quantity ?? 0 },
      };
    },

    /** Why an add found no variant: the product, and its live variants with their values. */
    async variantsForAdd(productId: number) {
      const rows = await db
        .select({
          productActive: products.active,
          id: productVariants.id,
          optionValues: productVariants.optionValues,
          options: products.options,
        })
        .from(products)
        .leftJoin(
          productVariants,
          and(eq(productVariants.productId, products.id), isNull(productVariants.retiredAt)),
        )
        .where(eq(products.id, productId));
      return rows;
    },

    async lineQuantity(cartId: number, variantId: number) {
      const [row] = await db
        .select({ quantity: cartItems.quantity })
        .from(cartItems)
        .where(and(eq(cartItems.cartId, cartId), eq(cartItems.variantId, variantId)));
      return row?.quantity;
    },

    /**
     * Sets a line's quantity when the product can supply it; an inactive product's line may only
     * shrink. No row back: the line is not the owner's, or the stock refused it.
     */
    async setQuantity(owner: CartOwner, lineId: number, quantity: number, at: Date) {
      const [row] = await db
        .update(cartItems)
        .set({ quantity, updatedAt: at })
        .where(
          and(
            eq(cartItems.id, lineId),
            sql`${cartItems.cartId} = ${ownerCartId(owner)}`,
            sql`exists (select 1 from ${productVariants} v join ${products} p on p.id = v.product_id
              where v.id = ${cartItems.variantId}
              and ${quantity}::integer <= v.stock_quantity
              and ((p.active and v.active and v.retired_at is null) or ${quantity}::integer <= ${cartItems.quantity}))`,
          ),
        )
        .returning({ id: cartItems.id });
      return row !== undefined;
    },

    /** The owner's line with its product's stock, to explain a refused update. */
    async findLine(owner: CartOwner, lineId: number) {
      const [row] = await db
        .select({
          quantity: cartItems.quantity,
          stockQuantity: productVariants.stockQuantity,
          active: variantOnSale,
        })
        .from(cartItems)
        .innerJoin(productVariants, eq(productVariants.id, cartItems.variantId))
        .innerJoin(products, eq(products.id, cartItems.productId))
        .where(and(eq(cartItems.id, lineId), sql`${cartItems.cartId} = ${ownerCartId(owner)}`));
      return row;
    },

    async removeLine(owner: CartOwner, lineId: number): Promise<boolean> {
      const [row] = await db
        .delete(cartItems)
        .where(and(eq(cartItems.id, lineId), sql`${cartItems.cartId} = ${ownerCartId(owner)}`))
        .returning({ id: cartItems.id });
      return row !== undefined;
    },

    /** Empties the cart, its coupon included: an empty cart has nothing for it to discount. */
    async clear(owner: CartOwner): Promise<void> {
      await db.execute(sql`
        with emptied as (
          update ${carts} set coupon_code = null where ${ownerCondition(owner)} returning id
        )
        delete from ${cartItems} where cart_id in (select id from emptied)
      `);
    },

    /**
     * Moves every line of an anonymous cart into a user's cart in one statement: the DELETE takes
     * the lines (a concurrent merge of the same session waits for it and then finds none), the
     * INSERT adds them to the user's lines, each clamped to the product's stock; lines of
     * products that are inactive or sold out are dropped. The visitor's coupon moves too when the
     * user's cart has none. Answers the units moved.
     */
    async moveLines(
      sessionId: string,
      userCartId: number,
      at: Date,
      /** 'larger': a line both carts hold keeps the larger quantity (a restored reminder). */
      same: 'sum' | 'larger' = 'sum',
    ): Promise<number> {
      const merged =
        same === 'larger'
          ? sql`greatest(${cartItems.quantity}, excluded.quantity)`
          : sql`${cartItems.quantity} + excluded.quantity`;
      const result = await db.execute(sql`
        with moved as (
          delete from ${cartItems}
          where ${cartItems.cartId} = (select ${carts.id} from ${carts} where ${carts.sessionId} = ${sessionId})
          returning ${cartItems.productId} as product_id, ${cartItems.variantId} as variant_id,
            ${cartItems.quantity} as quantity, ${cartItems.variationDetails} as variation_details
        ), offered as (
          select moved.*, least(moved.quantity, v.stock_quantity) as units
          from moved
          join ${productVariants} v on v.id = moved.variant_id
          join ${products} p on p.id = v.product_id
          where p.active and v.active and v.retired_at is null and v.stock_quantity > 0
        ), added as (
        insert into ${cartItems} (cart_id, product_id, variant_id, quantity, variation_details, created_at, updated_at)
        select ${userCartId}::integer, product_id, variant_id, units, variation_details,
          ${at.toISOString()}::timestamptz, ${at.toISOString()}::timestamptz
        from offered
        on conflict (cart_id, variant_id) do update
          set quantity = least(
            ${merged},
            (select stock_quantity from ${productVariants} where id = excluded.variant_id)
          ),
          updated_at = excluded.updated_at
        returning 1
      ), coupon as (
        select coupon_code from ${carts}
        where ${carts.sessionId} = ${sessionId} and coupon_code is not null
      ), coupon_taken as (
        update ${carts} set coupon_code = null
        where ${carts.sessionId} = ${sessionId} and coupon_code is not null
        returning 1
      ), coupon_moved as (
        update ${carts} set coupon_code = (select coupon_code from coupon)
        where id = ${userCartId}::integer and coupon_code is null and exists (select 1 from coupon)
        returning 1
      )
      select coalesce(sum(units), 0)::integer as units from offered
      `);
      return rowsOf<{ units: number }>(result)[0]?.units ?? 0;
    },

    /**
     * Puts lines back into a cart (a reminder's restore link), in one statement: only variants
     * for sale now and in stock, each clamped to its stock, at today's prices (a cart holds no
     * price of its own). A line the cart already holds keeps the larger of the two quantities, so
     * following the link where the lines still are does not double them; new lines stop at the
     * cart's line limit. Answers the lines written and their units.
     */
    async putBack(
      cartId: number,
      lines: readonly { product_id: number; variant_id: number; quantity: number }[],
      at: Date,
    ): Promise<{ lines: number; units: number }> {
      if (lines.length === 0) return { lines: 0, units: 0 };
      const stamp = at.toISOString();
      const result = await db.execute(sql`
        with wanted as (
          select * from jsonb_to_recordset(${JSON.stringify(lines)}::jsonb)
            as w(product_id integer, variant_id integer, quantity integer)
        ), offered as (
          select w.product_id, w.variant_id, least(w.quantity, v.stock_quantity) as units,
            exists (select 1 from ${cartItems} c
                    where c.cart_id = ${cartId}::integer and c.variant_id = w.variant_id) as present
          from wanted w
          join ${productVariants} v on v.id = w.variant_id and v.product_id = w.product_id
          join ${products} p on p.id = v.product_id
          where w.quantity > 0 and p.active and v.active and v.retired_at is null
            and v.stock_quantity > 0
        ), fitting as (
          select *, row_number() over (partition by present order by variant_id) as n from offered
        ), written as (
          insert into ${cartItems} (cart_id, product_id, variant_id, quantity, variation_details, created_at, updated_at)
          select ${cartId}::integer, product_id, variant_id, units, '{}'::jsonb,
            ${stamp}::timestamptz, ${stamp}::timestamptz
          from fitting
          where present or n + (select count(*) from ${cartItems} where cart_id = ${cartId}::integer)
            <= ${MAX_CART_LINES}::integer
          on conflict (cart_id, variant_id) do update
            set quantity = least(
              greatest(${cartItems.quantity}, excluded.quantity),
              (select stock_quantity from ${productVariants} where id = excluded.variant_id)
            ),
            updated_at = excluded.updated_at
          returning quantity
        )
        select count(*)::integer as lines, coalesce(sum(quantity), 0)::integer as units
        from written
      `);
      const [row] = rowsOf<{ lines: number; units: number }>(result);
      return { lines: row?.lines ?? 0, units: row?.units ?? 0 };
    },
  };
}

export type CartRepository = ReturnType<typeof createCartRepository>;

/**
 * The lines an order bought leave the cart, in the order's own transaction, and the coupon with
 * them (the order took it): one statement.
 */
export async function removeOrderedLines(tx: Db, lineIds: number[]): Promise<void> {
  if (lineIds.length === 0) return;
  await tx.execute(sql`
    with removed as (
      delete from ${cartItems} where ${inArray(cartItems.id, lineIds)} returning cart_id
    )
    update ${carts} set coupon_code = null
    where id in (select cart_id from removed) and coupon_code is not null
  `);
}

/** LGPD erasure: the account's cart goes, lines and all. */
export async function forgetCartOf(tx: Db, userId: number): Promise<void> {
  await tx.delete(carts).where(eq(carts.userId, userId));
}
