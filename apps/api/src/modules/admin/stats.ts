import type { AdminStats } from '@lumina/shared/admin/admin-stats';
import { centsToReais } from '@lumina/shared/format/money';
import { STORE_TIME_ZONE } from '@lumina/shared/validation/calendar-date';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { rowsOf } from '../../db/raw-rows.ts';

const DAY = `(now() at time zone '${STORE_TIME_ZONE}')::date`;
/** Midnight of a day in the shop's time zone, as a timestamptz. */
const startOf = (daysAgo: number) =>
  sql.raw(`((${DAY} - ${daysAgo})::timestamp at time zone '${STORE_TIME_ZONE}')`);

/**
 * An order that counts as sold: paid, and not cancelled, refunded or returned since. The home's
 * revenue and a customer's total spent both read it (`alias`: the orders table's, if any).
 */
export function soldOrder(alias?: string): SQL {
  const column = (name: string) => (alias ? `${alias}.${name}` : name);
  return sql.raw(
    `${column('paid_at')} is not null and ${column('status')} in ('processing', 'shipped', 'delivered')`,
  );
}

interface Counts {
  [key: string]: number | string | null;
}

/**
 * The panel's stat cards: three aggregate statements, one per table (the products' sync state
 * read beside them from the ERP's table), read-only. Days are the shop's (America/Sao_Paulo); revenue counts orders by the day they were paid, and leaves
 * out those cancelled or refunded since.
 */
export async function readAdminStats(db: Db, now: Date): Promise<AdminStats> {
  const [productCounts] = rowsOf<Counts>(
    await db.execute(sql`
      select count(*)::integer as total,
        count(*) filter (where p.active)::integer as active,
        count(*) filter (where not p.active)::integer as inactive,
        count(*) filter (where p.active and p.stock_quantity = 0)::integer as out_of_stock,
        count(*) filter (where l.bling_id is not null)::integer as from_bling,
        count(*) filter (where l.sync_status = 'pending')::integer as pending,
        count(*) filter (where l.sync_status = 'failed')::integer as failed
      from products p left join bling_product_links l on l.product_id = p.id
    `),
  );
  const paid = soldOrder();
  const [orderCounts] = rowsOf<Counts>(
    await db.execute(sql`
      select count(*) filter (where created_at >= ${startOf(0)})::integer as today,
        count(*) filter (where status = 'pending')::integer as awaiting_payment,
        count(*) filter (where status = 'processing')::integer as paid_not_shipped,
        coalesce(sum(total_cents) filter (where ${paid} and paid_at >= ${startOf(0)}), 0)::bigint as revenue_today,
        coalesce(sum(total_cents) filter (where ${paid} and paid_at >= ${startOf(6)}), 0)::bigint as revenue_7,
        coalesce(sum(total_cents) filter (where ${paid} and paid_at >= ${startOf(29)}), 0)::bigint as revenue_30
      from orders
    `),
  );
  const [customerCounts] = rowsOf<Counts>(
    await db.execute(sql`
      select count(*) filter (where role = 'customer')::integer as total,
        count(*) filter (where role = 'customer' and created_at >= ${startOf(6)})::integer as new_7
      from users
    `),
  );
  const n = (row: Counts | undefined, key: string) => Number(row?.[key] ?? 0);
  const reais = (key: string) => centsToReais(n(orderCounts, key));
  return {
    products: {
      total: n(productCounts, 'total'),
      active: n(productCounts, 'active'),
      inactive: n(productCounts, 'inactive'),
      out_of_stock: n(productCounts, 'out_of_stock'),
      from_bling: n(productCounts, 'from_bling'),
      pending: n(productCounts, 'pending'),
      failed: n(productCounts, 'failed'),
    },
    orders: {
      today: n(orderCounts, 'today'),
      awaiting_payment: n(orderCounts, 'awaiting_payment'),
      paid_not_shipped: n(orderCounts, 'paid_not_shipped'),
      revenue: {
        today: reais('revenue_today'),
        last_7_days: reais('revenue_7'),
        last_30_days: reais('revenue_30'),
      },
    },
    customers: {
      total: n(customerCounts, 'total'),
      new_last_7_days: n(customerCounts, 'new_7'),
    },
    generated_at: now.toISOString(),
  };
}
