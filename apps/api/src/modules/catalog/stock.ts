import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { rowsOf } from '../../db/raw-rows.ts';
import { products, productVariants } from '../../db/schema/products.ts';
import type { LowStockAlerts } from './low-stock.ts';

/** Units of each variant: variant id -> quantity. */
export type Units = ReadonlyMap<number, number>;

/** A variant a movement took from 0 units to `units`. */
export interface Restock {
  variantId: number;
  units: number;
}

/**
 * Told of the variants a movement brought back from 0, in the movement's transaction (the
 * back-in-stock alerts of modules/stock-alerts implement it), so every way stock comes back (the
 * panel, the ERP sync, an order cancelled or expired, a return received) calls the waiting
 * shoppers, and a rollback calls nobody.
 */
export interface RestockWatch {
  restocked(tx: Db, restocks: readonly Restock[], at: Date): Promise<void>;
}

/** What every stock movement keeps in its own transaction. */
export interface StockWatch {
  lowStock: LowStockAlerts;
  restock: RestockWatch;
}

/** The moved rows that came back from empty: `before` 0 (never below), `units` now above. */
function restocksOf(rows: readonly { id: number; units: number; before: number }[]): Restock[] {
  return rows
    .filter((row) => row.before <= 0 && row.units > 0)
    .map((row) => ({ variantId: row.id, units: row.units }));
}

function arrays(units: Units): { ids: string; quantities: string } {
  // In id order: concurrent movements then take their locks in the same order.
  const ids = [...units.keys()].sort((a, b) => a - b);
  return {
    ids: `{${ids.join(',')}}`,
    quantities: `{${ids.map((id) => units.get(id) ?? 0).join(',')}}`,
  };
}

/**
 * The movement rows of products kept in step with the ERP (db/schema/stock-movements.ts), written
 * in the same statement as the stock itself: `rows` selects (product id, variant id, delta,
 * balance after, reason, erp state).
 */
function ledger(rows: SQL, at: Date): SQL {
  return sql`recorded as (
    insert into stock_movements (product_id, variant_id, delta, balance_after, reason, erp_state, created_at)
    select r.*, ${at.toISOString()}::timestamptz from (${rows}) as r
    returning 1
  )`;
}

/** A moved row (its `product_id`) of a product Bling has: its movements go to the ledger. */
const inBling = sql`product_id in (select product_id from bling_product_links where bling_id is not null)`;

/**
 * Locks the products of some variants, in id order, before their variants move. Every writer of
 * a product takes its row first (the panel, the ERP sync, the variants' stock trigger), so two
 * changes never wait on each other in opposite orders; the stamp tells caches it changed.
 */
function lockProducts(db: Db, variantIds: string, at: Date) {
  return db.execute(sql`
    update ${products} as p set updated_at = ${at.toISOString()}::timestamptz
    from (
      select q.id from ${products} as q
      where q.id in (select product_id from ${productVariants} where id = any(${variantIds}::integer[]))
      order by q.id for update
    ) as l
    where p.id = l.id
  `);
}

/**
 * Keeps each moved variant's low-stock mark (`low_stock_alerted_at`) in step with its count, in
 * the movement's transaction, and has the newly marked ones e-mailed. `lowered`: the variants
 * whose count went down (only they may get low; the others may only be back above). The mark is
 * one conditional update on rows this transaction already locked, so two sales racing past the
 * threshold take turns and only the first finds it unmarked: one e-mail.
 */
async function watchLowStock(
  db: Db,
  alerts: LowStockAlerts,
  moved: readonly number[],
  lowered: readonly number[],
  at: Date,
): Promise<void> {
  if (moved.length === 0) return;
  const threshold = sql`coalesce(v.low_stock_threshold, ${alerts.defaultThreshold()}::integer)`;
  const result = await db.execute(sql`
    update ${productVariants} as v
    set low_stock_alerted_at = case when v.stock_quantity <= ${threshold}
      then ${at.toISOString()}::timestamptz else null end
    where v.id = any(${`{${moved.join(',')}}`}::integer[]) and (
      (v.low_stock_alerted_at is not null and v.stock_quantity > ${threshold})
      or (v.low_stock_alerted_at is null and v.stock_quantity <= ${threshold}
        and v.active and v.retired_at is null
        and v.id = any(${`{${lowered.join(',')}}`}::integer[]))
    )
    returning v.id, v.low_stock_alerted_at is not null as low
  `);
  const low = rowsOf<{ id: number; low: boolean }>(result).filter((row) => row.low);
  await alerts.notify(
    db,
    low.map((row) => row.id),
    at,
  );
}

/**
 * The one owner of stock (DESIGN.md: the catalogue owns stock), kept per variant: orders reserve
 * and return units through it, and the admin and the ERP sync set it. A product's own count is
 * the sum over its active variants, kept by the database (migration 0016). Pass a transaction as
 * `db` to make a movement part of a larger change. Stock never goes below zero: the reserve is
 * one conditional statement, so concurrent buyers queue on the row and re-check after each other.
 * Every movement also keeps the low-stock alerts (low-stock.ts) and tells the back-in-stock
 * alerts of the variants it brought back from 0 (`watch`), in its transaction.
 */
export function createStock(db: Db, watch: StockWatch) {
  const alerts = watch.lowStock;
  return {
    /**
     * Takes each variant's units. A variant whose stock (or its or its product's active flag)
     * does not allow it is left out of the answer, and the caller rolls the whole change back.
     */
    async reserve(units: Units, at: Date): Promise<Set<number>> {
      const { ids, quantities } = arrays(units);
      await lockProducts(db, ids, at);
      const result = await db.execute(sql`
        with moved as (
          update ${productVariants} as v
          set stock_quantity = v.stock_quantity - w.quantity, updated_at = ${at.toISOString()}::timestamptz
          from unnest(${ids}::integer[], ${quantities}::integer[]) as w(variant_id, quantity), ${products} as p
          where v.id = w.variant_id and p.id = v.product_id and p.active and v.active
            and v.retired_at is null and v.stock_quantity >= w.quantity
          returning v.id, v.product_id, w.quantity
        ), ${ledger(sql`select product_id, id, -quantity, null::integer, 'reserve', 'pending' from moved where ${inBling}`, at)}
        select id from moved
      `);
      const reserved = rowsOf<{ id: number }>(result).map((row) => row.id);
      await watchLowStock(db, alerts, reserved, reserved, at);
      return new Set(reserved);
    },

    /**
     * Puts units back on the shelf (an order cancelled, expired or refunded before shipping). The
     * caller guarantees once: orders stamp `stock_returned_at` under the order's lock first.
     */
    async release(units: Units, at: Date): Promise<void> {
      if (units.size === 0) return;
      const { ids, quantities } = arrays(units);
      await lockProducts(db, ids, at);
      const result = await db.execute(sql`
        with moved as (
          update ${productVariants} as v
          set stock_quantity = v.stock_quantity + w.quantity, updated_at = ${at.toISOString()}::timestamptz
          from unnest(${ids}::integer[], ${quantities}::integer[]) as w(variant_id, quantity), ${products} as p
          where v.id = w.variant_id and p.id = v.product_id
          returning v.id, v.product_id, w.quantity, v.stock_quantity
        ), ${ledger(sql`select product_id, id, quantity, null::integer, 'release', 'pending' from moved where ${inBling}`, at)}
        select id, stock_quantity as units, stock_quantity - quantity as before from moved
      `);
      const rows = rowsOf<{ id: number; units: number; before: number }>(result);
      await watchLowStock(
        db,
        alerts,
        rows.map((row) => row.id),
        [],
        at,
      );
      await watch.restock.restocked(db, restocksOf(rows), at);
    },

    /** Current stock of some variants, to name what was short. */
    async levels(variantIds: number[]) {
      if (variantIds.length === 0) return [];
      const result = await db.execute(sql`
        select v.id, v.product_id as "productId", v.stock_quantity as "stockQuantity",
          (v.active and p.active and v.retired_at is null) as active
        from ${productVariants} v join ${products} p on p.id = v.product_id
        where v.id = any(${`{${variantIds.join(',')}}`}::integer[])
      `);
      return rowsOf<{ id: number; productId: number; stockQuantity: number; active: boolean }>(
        result,
      );
    },

    /**
     * An absolute count for one variant (the admin's form; `erp` for the ERP's own balance,
     * which is not sent back to it); never below zero. The caller holds the product's row lock
     * or takes none (then this takes it).
     */
    async set(
      variantId: number,
      quantity: number,
      at: Date,
      source: 'shop' | 'erp' = 'shop',
    ): Promise<boolean> {
      await lockProducts(db, `{${variantId}}`, at);
      const result = await db.execute(sql`
        with old as (
          select v.id, v.product_id, v.stock_quantity
          from ${productVariants} v
          where v.id = ${variantId}::integer for update of v
        ), moved as (
          update ${productVariants} as v
          set stock_quantity = greatest(${Math.trunc(quantity)}::integer, 0), updated_at = ${at.toISOString()}::timestamptz
          from old where v.id = old.id
          returning v.id, v.product_id, v.stock_quantity, old.stock_quantity as before
        ), ${ledger(
          sql`select product_id, id, stock_quantity - before, stock_quantity, ${source === 'erp' ? 'erp' : 'set'}, ${source === 'erp' ? 'skipped' : 'pending'}
              from moved where ${inBling} and stock_quantity <> before`,
          at,
        )}
        select id, stock_quantity < before as lowered, stock_quantity as units, before from moved
      `);
      const moved = rowsOf<{ id: number; lowered: boolean; units: number; before: number }>(result);
      await watchLowStock(
        db,
        alerts,
        moved.map((row) => row.id),
        moved.filter((row) => row.lowered).map((row) => row.id),
        at,
      );
      await watch.restock.restocked(db, restocksOf(moved), at);
      return moved.length > 0;
    },

    /**
     * The count of a product sold as one variant (the spec's form, the ERP's simple products):
     * sets its first live variant. A product with several variants has no single count.
     */
    async setProduct(
      productId: number,
      quantity: number,
      at: Date,
      source: 'shop' | 'erp' = 'shop',
    ): Promise<boolean> {
      const result = await db.execute(sql`
        select id from ${productVariants}
        where product_id = ${productId}::integer and retired_at is null
        order by position, id
      `);
      const variants = rowsOf<{ id: number }>(result);
      const only = variants[0];
      if (!only || variants.length > 1) return false;
      return this.set(only.id, quantity, at, source);
    },
  };
}

export type Stock = ReturnType<typeof createStock>;
