import { MAX_CART_LINES } from '@lumina/shared/cart/cart-schemas';
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { rowsOf } from '../../db/raw-rows.ts';
import { cartItems, carts, type VariationDetails } from '../../db/schema/carts.ts';
import { products } from '../../db/schema/products.ts';

/** Whose cart: a user's, or an anonymous browser session's (the X-Session-ID UUID). */
export type CartOwner = { userId: number } | { sessionId: string };

/** A cart line with the current data of its product, as the answer needs it. */
export interface CartLineRow {
  id: number;
  productId: number;
  quantity: number;
  variationDetails: VariationDetails;
  name: string;
  sku: string;
  priceCents: number;
  pixPriceCents: number | null;
  images: string[];
  stockQuantity: number;
  category: string;
  active: boolean;
}

/** What a product offers to a cart: enough to refuse an add before writing anything. */
export interface ProductForCart {
  id: number;
  active: boolean;
  stockQuantity: number;
}

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
          quantity: cartItems.quantity,
          variationDetails: cartItems.variationDetails,
          name: products.name,
          sku: products.sku,
          priceCents: products.priceCents,
          pixPriceCents: products.pixPriceCents,
          images: products.images,
          stockQuantity: products.stockQuantity,
          category: products.category,
          active: products.active,
        })
        .from(cartItems)
        .innerJoin(carts, eq(carts.id, cartItems.cartId))
        .innerJoin(products, eq(products.id, cartItems.productId))
        .where(ownerCondition(owner))
        .orderBy(asc(cartItems.id));
    },

    /**
     * An add in one statement (one round trip, so adding to the cart answers fast): reads the
     * product, creates or touches
     * the owner's cart when the product is for sale, and adds `quantity` to the line of this
     * product and variation, creating the line when the cart has room for one more. The stock
     * bound is part of the statement, checked against the line as it is when the row is written,
     * so a line never holds more than the stock. Without a `line` the add was refused: no
     * product, an inactive one (no cart made then), or the stock or the line limit (the caller
     * finds out which).
     */
    async addToCart(
      owner: CartOwner,
      input: {
        productId: number;
        quantity: number;
        variationKey: string;
        variationDetails: VariationDetails;
        at: Date;
      },
    ): Promise<{
      product: ProductForCart | undefined;
      cartId: number | undefined;
      line: { id: number; quantity: number } | undefined;
    }> {
      const { productId, quantity, variationKey, at } = input;
      const stamp = at.toISOString();
      const details = JSON.stringify(input.variationDetails);
      const [ownerColumn, ownerValue] =
        'userId' in owner
          ? [sql.raw('user_id'), sql`${owner.userId}::integer`]
          : [sql.raw('session_id'), sql`${owner.sessionId}::uuid`];
      // Parameters are typed: untyped, two of them would be compared as text.
      const result = await db.execute(sql`
        with product as (
          select id, active, stock_quantity from ${products} where id = ${productId}::integer
        ),
        cart as (
          insert into ${carts} (${ownerColumn}, created_at, updated_at)
          select ${ownerValue}, ${stamp}::timestamptz, ${stamp}::timestamptz
          where exists (select 1 from product where active)
          on conflict (${ownerColumn}) do update set updated_at = excluded.updated_at
          returning id
        ),
        line as (
          insert into ${cartItems} (cart_id, product_id, quantity, variation_key, variation_details, created_at, updated_at)
          select cart.id, product.id, ${quantity}::integer, ${variationKey}::text,
            ${details}::jsonb, ${stamp}::timestamptz, ${stamp}::timestamptz
          from cart, product
          where ${quantity}::integer <= product.stock_quantity and (
            exists (select 1 from ${cartItems} where cart_id = cart.id and product_id = product.id and variation_key = ${variationKey}::text)
            or (select count(*) from ${cartItems} where cart_id = cart.id) < ${MAX_CART_LINES}::integer
          )
          on conflict (cart_id, product_id, variation_key) do update
            set quantity = ${cartItems.quantity} + excluded.quantity, updated_at = excluded.updated_at
            where ${cartItems.quantity} + excluded.quantity <= (select stock_quantity from product)
          returning id, quantity
        )
        select product.id as product_id, product.active, product.stock_quantity,
          (select id from cart) as cart_id, line.id as line_id, line.quantity as line_quantity
        from (select 1) as one
        left join product on true
        left join line on true
      `);
      const [row] = rowsOf<{
        product_id: number | null;
        active: boolean | null;
        stock_quantity: number | null;
        cart_id: number | null;
        line_id: number | null;
        line_quantity: number | null;
      }>(result);
      return {
        product:
          row?.product_id == null
            ? undefined
            : {
                id: row.product_id,
                active: row.active === true,
                stockQuantity: row.stock_quantity ?? 0,
              },
        cartId: row?.cart_id ?? undefined,
        line:
          row?.line_id == null ? undefined : { id: row.line_id, quantity: row.line_quantity ?? 0 },
      };
    },

    async lineQuantity(cartId: number, productId: number, variationKey: string) {
      const [row] = await db
        .select({ quantity: cartItems.quantity })
        .from(cartItems)
        .where(
          and(
            eq(cartItems.cartId, cartId),
            eq(cartItems.productId, productId),
            eq(cartItems.variationKey, variationKey),
          ),
        );
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
            sql`exists (select 1 from ${products} where ${products.id} = ${cartItems.productId}
              and ${quantity}::integer <= ${products.stockQuantity}
              and (${products.active} or ${quantity}::integer <= ${cartItems.quantity}))`,
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
          stockQuantity: products.stockQuantity,
          active: products.active,
        })
        .from(cartItems)
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

    async clear(owner: CartOwner): Promise<void> {
      await db.delete(cartItems).where(sql`${cartItems.cartId} = ${ownerCartId(owner)}`);
    },

    /**
     * Moves every line of an anonymous cart into a user's cart in one statement: the DELETE takes
     * the lines (a concurrent merge of the same session waits for it and then finds none), the
     * INSERT adds them to the user's lines, each clamped to the product's stock; lines of
     * products that are inactive or sold out are dropped. Answers the units moved.
     */
    async moveLines(sessionId: string, userCartId: number, at: Date): Promise<number> {
      const result = await db.execute(sql`
        with moved as (
          delete from ${cartItems}
          where ${cartItems.cartId} = (select ${carts.id} from ${carts} where ${carts.sessionId} = ${sessionId})
          returning ${cartItems.productId} as product_id, ${cartItems.quantity} as quantity,
            ${cartItems.variationKey} as variation_key, ${cartItems.variationDetails} as variation_details
        ), added as (
        insert into ${cartItems} (cart_id, product_id, quantity, variation_key, variation_details, created_at, updated_at)
        select ${userCartId}::integer, moved.product_id, least(moved.quantity, p.stock_quantity),
          moved.variation_key, moved.variation_details, ${at.toISOString()}::timestamptz, ${at.toISOString()}::timestamptz
        from moved join ${products} p on p.id = moved.product_id
        where p.active and p.stock_quantity > 0
        on conflict (cart_id, product_id, variation_key) do update
          set quantity = least(
            ${cartItems.quantity} + excluded.quantity,
            (select stock_quantity from ${products} where id = excluded.product_id)
          ),
          updated_at = excluded.updated_at
        returning 1
      )
      select coalesce(sum(least(moved.quantity, p.stock_quantity)), 0)::integer as units
      from moved join ${products} p on p.id = moved.product_id
      where p.active and p.stock_quantity > 0
      `);
      return rowsOf<{ units: number }>(result)[0]?.units ?? 0;
    },
  };
}

export type CartRepository = ReturnType<typeof createCartRepository>;

/** LGPD erasure: the account's cart goes, lines and all. */
export async function forgetCartOf(tx: Db, userId: number): Promise<void> {
  await tx.delete(carts).where(eq(carts.userId, userId));
}
