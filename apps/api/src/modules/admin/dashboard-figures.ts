import type { DashboardFigures, DashboardPeriod } from '@lumina/shared/admin/dashboard';
import {
  optionValuesLabel,
  type OptionValues,
  type ProductOption,
} from '@lumina/shared/catalog/variants';
import { centsToReais } from '@lumina/shared/format/money';
import { STORE_TIME_ZONE } from '@lumina/shared/validation/calendar-date';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { rowsOf } from '../../db/raw-rows.ts';
import { soldOrder } from './stats.ts';

const TZ = sql.raw(`'${STORE_TIME_ZONE}'`);

/**
 * An order that counts as a sale (stats.ts): paid and not cancelled or refunded since. The same
 * words as the partial indexes of migration 0031 (orders_paid_at_idx, orders_paid_user_idx),
 * which PostgreSQL uses only when a query's condition implies theirs, and as the sales the
 * database keeps per day (order_sale_day, migration 0032).
 */
export const PAID_ORDER = soldOrder('o');

/** The period's São Paulo days and their limits as instants (ISO), read first and passed as values. */
interface Bounds {
  from: string;
  to: string;
  /** The previous period's first day. */
  previousFrom: string;
  /** Midnight (São Paulo) of the first day and of the day after the last. */
  startAt: string;
  endAt: string;
}

export async function readBounds(db: Db, now: Date, period: DashboardPeriod): Promise<Bounds> {
  const instant = (day: ReturnType<typeof sql>) =>
    sql`to_char((${day})::timestamp at time zone ${TZ} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;
  const [row] = rowsOf<Bounds>(
    await db.execute(sql`
      with d as (select (${now.toISOString()}::timestamptz at time zone ${TZ})::date as today)
      select to_char(today - ${period - 1}::integer, 'YYYY-MM-DD') as "from",
        to_char(today, 'YYYY-MM-DD') as "to",
        to_char(today - ${2 * period - 1}::integer, 'YYYY-MM-DD') as "previousFrom",
        ${instant(sql`today - ${period - 1}::integer`)} as "startAt",
        ${instant(sql`today + 1`)} as "endAt"
      from d
    `),
  );
  if (!row) throw new Error('the dashboard bounds query returned no row');
  return row;
}

type Num = number | string | null;
const count = (value: Num | undefined) => Number(value ?? 0);
const reais = (cents: Num | undefined) => centsToReais(Number(cents ?? 0));

interface OrderFiguresRow {
  daily: { date: string; revenue: Num; orders: Num; previous_revenue: Num; previous_orders: Num }[];
  revenue: Num;
  orders: Num;
  previous_revenue: Num;
  previous_orders: Num;
  methods: { method: string; revenue: Num; orders: Num }[];
  new_buyers: Num;
  returning_buyers: Num;
}

/**
 * The sales of both periods from the days the database keeps (sales_days): day by day (each day
 * beside the day `period` days before it, so the two periods line up one to one), totals and
 * payment methods; and the period's buyers, new (no sale before the period) or returning, from
 * the orders themselves, as a count of distinct people is not a sum of days.
 */
async function readOrderFigures(db: Db, b: Bounds, period: DashboardPeriod) {
  const [row] = rowsOf<OrderFiguresRow>(
    await db.execute(sql`
      with per_day as (
        select day, sum(revenue_cents)::bigint as revenue, sum(orders)::integer as orders
        from sales_days
        where day >= ${b.previousFrom}::date and day <= ${b.to}::date
        group by day
      ),
      daily as (
        select json_agg(json_build_object(
            'date', to_char(g.day, 'YYYY-MM-DD'),
            'revenue', coalesce(c.revenue, 0), 'orders', coalesce(c.orders, 0),
            'previous_revenue', coalesce(p.revenue, 0), 'previous_orders', coalesce(p.orders, 0)
          ) order by g.day) as daily
        from (select d::date as day
              from generate_series(${b.from}::date, ${b.to}::date, interval '1 day') as d) g
        left join per_day c on c.day = g.day
        left join per_day p on p.day = g.day - ${period}::integer
      ),
      totals as (
        select coalesce(sum(revenue) filter (where day >= ${b.from}::date), 0)::bigint as revenue,
          coalesce(sum(orders) filter (where day >= ${b.from}::date), 0)::integer as orders,
          coalesce(sum(revenue) filter (where day < ${b.from}::date), 0)::bigint
            as previous_revenue,
          coalesce(sum(orders) filter (where day < ${b.from}::date), 0)::integer as previous_orders
        from per_day
      ),
      methods as (
        select coalesce(json_agg(json_build_object('method', payment_method, 'revenue', revenue,
            'orders', orders) order by revenue desc, payment_method), '[]') as methods
        from (select payment_method, sum(revenue_cents)::bigint as revenue,
                sum(orders)::integer as orders
              from sales_days
              where day >= ${b.from}::date and day <= ${b.to}::date
              group by payment_method
              having sum(orders) > 0) m
      ),
      buyers as (
        select b.user_id,
          exists (select 1 from orders o
                  where o.user_id = b.user_id and ${PAID_ORDER}
                    and o.paid_at < ${b.startAt}::timestamptz) as bought_before
        from (select distinct o.user_id from orders o
              where ${PAID_ORDER} and o.paid_at >= ${b.startAt}::timestamptz
                and o.paid_at < ${b.endAt}::timestamptz) b
      )
      select daily.daily, totals.*, methods.methods,
        (select count(*) filter (where not bought_before) from buyers)::integer as new_buyers,
        (select count(*) filter (where bought_before) from buyers)::integer as returning_buyers
      from daily, totals, methods
    `),
  );
  if (!row) throw new Error('the dashboard order figures returned no row');
  return row;
}

interface ItemFiguresRow {
  /** true: a category's revenue; false: one of the ten best-selling variants. */
  by_category: boolean;
  category: string | null;
  variant_id: number | null;
  product_id: number | null;
  name: string | null;
  sku: string | null;
  option_values: OptionValues | null;
  options: ProductOption[] | null;
  quantity: Num;
  revenue: Num;
}

/**
 * Revenue by category and the ten best-selling variants (by units) of the period's sales, in one
 * pass over the period's range of the lines the database keeps (sales_lines), grouped two ways at
 * once (grouping sets). Categories first, largest first; then the best sellers in their order.
 */
async function readItemFigures(db: Db, b: Bounds) {
  const rows = rowsOf<ItemFiguresRow>(
    await db.execute(sql`
      with sums as (
        -- A variant deleted since (variant_id set null) is told apart by the SKU it was sold as.
        select grouping(l.category) = 0 as by_category, l.category, l.variant_id,
          sum(l.quantity)::bigint as quantity, sum(l.revenue_cents)::bigint as revenue,
          max(l.item_id) as last_item
        from sales_lines l
        where l.day >= ${b.from}::date and l.day <= ${b.to}::date
        group by grouping sets (
          (l.category), (l.variant_id, case when l.variant_id is null then l.sku end)
        )
      ),
      top as (
        select * from sums where not by_category
        order by quantity desc, revenue desc, last_item desc
        limit 10
      )
      select * from (
      select true as by_category, category, null::integer as variant_id,
        null::integer as product_id, null::text as name, null::text as sku,
        null::jsonb as option_values, null::jsonb as options, quantity, revenue, last_item
      from sums where by_category
      union all
      select false, null, top.variant_id, li.product_id, li.product_name, li.sku,
        li.option_values::jsonb, p.options::jsonb, top.quantity, top.revenue, top.last_item
      from top
      join order_items li on li.id = top.last_item
      left join products p on p.id = li.product_id
      ) figures
      order by by_category desc, (case when by_category then 0 else quantity end) desc,
        revenue desc, category, last_item desc
    `),
  );
  return {
    categories: rows.filter((row) => row.by_category),
    best: rows.filter((row) => !row.by_category),
  };
}

/**
 * Carts that got an item in the period: a line added then (cart_items.created_at), or any
 * change to its lines then (adding, changing or removing a line marks carts.updated_at), so a
 * cart whose lines became an order still counts.
 */
async function readCartsWithItems(db: Db, b: Bounds): Promise<number> {
  const [row] = rowsOf<{ carts: Num }>(
    await db.execute(sql`
      select count(*)::integer as carts from (
        select id from carts
        where updated_at >= ${b.startAt}::timestamptz and updated_at < ${b.endAt}::timestamptz
        union
        select cart_id from cart_items
        where created_at >= ${b.startAt}::timestamptz and created_at < ${b.endAt}::timestamptz
      ) touched
    `),
  );
  return count(row?.carts);
}

const totalsOf = (revenueCents: Num, orders: Num) => ({
  revenue: reais(revenueCents),
  orders: count(orders),
  average_order_value:
    count(orders) > 0 ? reais(Math.round(Number(revenueCents) / count(orders))) : 0,
});

/** Runs one read of the home in a read-only transaction of its own (dashboard.ts). */
export type DashboardRead = <T>(read: (db: Db) => Promise<T>) => Promise<T>;

/** The home's figures for the period ending today (São Paulo), every figure a SQL aggregate. */
export async function readDashboardFigures(
  read: DashboardRead,
  now: Date,
  period: DashboardPeriod,
): Promise<DashboardFigures> {
  const bounds = await read((db) => readBounds(db, now, period));
  // Side by side, each on its own connection: on PostgreSQL the three aggregates share the cores
  // instead of waiting for each other (the home answers in the longest one's time, not the sum).
  const [orders, { categories, best }, carts] = await Promise.all([
    read((db) => readOrderFigures(db, bounds, period)),
    read((db) => readItemFigures(db, bounds)),
    read((db) => readCartsWithItems(db, bounds)),
  ]);
  const paidOrders = count(orders.orders);
  return {
    period_days: period,
    from: bounds.from,
    to: bounds.to,
    daily: orders.daily.map((day) => ({
      date: day.date,
      revenue: reais(day.revenue),
      orders: count(day.orders),
      previous_revenue: reais(day.previous_revenue),
      previous_orders: count(day.previous_orders),
    })),
    totals: totalsOf(orders.revenue, orders.orders),
    previous: totalsOf(orders.previous_revenue, orders.previous_orders),
    conversion: { carts, paid_orders: paidOrders, rate: carts > 0 ? paidOrders / carts : null },
    by_payment_method: orders.methods.map((m) => ({
      method: m.method,
      revenue: reais(m.revenue),
      orders: count(m.orders),
    })),
    by_category: categories.map((c) => ({ category: c.category ?? '', revenue: reais(c.revenue) })),
    best_sellers: best.map((v) => ({
      variant_id: v.variant_id,
      product_id: v.product_id,
      name: v.name ?? '',
      variant_label: optionValuesLabel(v.option_values ?? {}, v.options ?? undefined),
      sku: v.sku,
      quantity: count(v.quantity),
      revenue: reais(v.revenue),
    })),
    customers: { new: count(orders.new_buyers), returning: count(orders.returning_buyers) },
  };
}
