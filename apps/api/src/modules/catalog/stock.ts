import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { rowsOf } from '../../db/raw-rows.ts';
import { products } from '../../db/schema/products.ts';

/** Units of each product: product id -> quantity. */
export type Units = ReadonlyMap<number, number>;

function arrays(units: Units): { ids: string; quantities: string } {
  const ids = [...units.keys()];
  return {
    ids: `{${ids.join(',')}}`,
    quantities: `{${ids.map((id) => units.get(id) ?? 0).join(',')}}`,
  };
}

/**
 * The movement rows of products kept in step with the ERP (db/schema/stock-movements.ts), written
 * in the same statement as the stock itself: `rows` selects (product id, delta, balance after,
 * reason, erp state).
 */
function ledger(rows: SQL, at: Date): SQL {
  return sql`recorded as (
    insert into stock_movements (product_id, delta, balance_after, reason, erp_state, created_at)
    select r.*, ${at.toISOString()}::timestamptz from (${rows}) as r
    returning 1
  )`;
}

/**
 * The one owner of product stock (DESIGN.md: the catalogue owns stock): orders reserve and
 * return units through it, and the admin and the ERP sync set it. Pass a transaction as `db` to
 * make a movement part of a larger change. Stock never goes below zero: the reserve is one
 * conditional statement, so concurrent buyers queue on the row and re-check after each other.
 */
export function createStock(db: Db) {
  return {
    /**
     * Takes each product's units in one statement. A product whose stock (or active flag) does not
     * allow it is left out of the answer, and the caller rolls the whole change back.
     */
    async reserve(units: Units, at: Date): Promise<Set<number>> {
      const { ids, quantities } = arrays(units);
      const result = await db.execute(sql`
        with moved as (
          update ${products} as p
          set stock_quantity = p.stock_quantity - w.quantity, updated_at = ${at.toISOString()}::timestamptz
          from unnest(${ids}::integer[], ${quantities}::integer[]) as w(product_id, quantity)
          where p.id = w.product_id and p.active and p.stock_quantity >= w.quantity
          returning p.id, p.bling_id, w.quantity
        ), ${ledger(sql`select id, -quantity, null::integer, 'reserve', 'pending' from moved where bling_id is not null`, at)}
        select id from moved
      `);
      return new Set(rowsOf<{ id: number }>(result).map((row) => row.id));
    },

    /**
     * Puts units back on the shelf (an order cancelled, expired or refunded before shipping). The
     * caller guarantees once: orders stamp `stock_returned_at` under the order's lock first.
     */
    async release(units: Units, at: Date): Promise<void> {
      if (units.size === 0) return;
      const { ids, quantities } = arrays(units);
      await db.execute(sql`
        with moved as (
          update ${products} as p
          set stock_quantity = p.stock_quantity + w.quantity, updated_at = ${at.toISOString()}::timestamptz
          from unnest(${ids}::integer[], ${quantities}::integer[]) as w(product_id, quantity)
          where p.id = w.product_id
          returning p.id, p.bling_id, w.quantity
        ), ${ledger(sql`select id, quantity, null::integer, 'release', 'pending' from moved where bling_id is not null`, at)}
        select count(*) from moved
      `);
    },

    /** Current stock of some products, to name what was short. */
    async levels(ids: number[]) {
      if (ids.length === 0) return [];
      const result = await db.execute(sql`
        select id, stock_quantity as "stockQuantity", active
        from ${products} where id = any(${`{${ids.join(',')}}`}::integer[])
      `);
      return rowsOf<{ id: number; stockQuantity: number; active: boolean }>(result);
    },

    /**
     * An absolute count (the admin's form; `erp` for the ERP's own balance, which is not sent
     * back to it); never below zero.
     */
    async set(
      productId: number,
      quantity: number,
      at: Date,
      source: 'shop' | 'erp' = 'shop',
    ): Promise<boolean> {
      const result = await db.execute(sql`
        with old as (
          select id, stock_quantity, bling_id from ${products} where id = ${productId}::integer for update
        ), moved as (
          update ${products} as p
          set stock_quantity = greatest(${Math.trunc(quantity)}::integer, 0), updated_at = ${at.toISOString()}::timestamptz
          from old where p.id = old.id
          returning p.id, p.stock_quantity, old.stock_quantity as before, old.bling_id
        ), ${ledger(
          sql`select id, stock_quantity - before, stock_quantity, ${source === 'erp' ? 'erp' : 'set'}, ${source === 'erp' ? 'skipped' : 'pending'}
              from moved where bling_id is not null and stock_quantity <> before`,
          at,
        )}
        select id from moved
      `);
      return rowsOf(result).length > 0;
    },
  };
}

export type Stock = ReturnType<typeof createStock>;
