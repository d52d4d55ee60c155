import {
  DASHBOARD_QUEUE_KEYS,
  type DashboardQueueItem,
  type DashboardQueueKey,
} from '@lumina/shared/admin/dashboard';
import { can, type Permission, type StaffRole } from '@lumina/shared/admin/staff-roles';
import { OPEN_RETURN_STATUSES } from '@lumina/shared/returns/return-schemas';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { rowsOf } from '../../db/raw-rows.ts';

/** What each line of the queue needs: a role without it never sees the line (nor pays for it). */
export const QUEUE_PERMISSION: Record<DashboardQueueKey, Permission> = {
  pix_to_confirm: 'orders',
  orders_to_ship: 'orders',
  labels_failed: 'orders',
  invoices_failed: 'orders',
  returns_open: 'orders',
  privacy_open: 'privacy',
  messages_unread: 'customers',
  variants_out_of_stock: 'catalogue',
  variants_low_stock: 'catalogue',
  bling_to_check: 'catalogue',
  reviews_pending: 'catalogue',
  security_alerts: 'security',
};

/** A variant's low-stock threshold when neither it nor the store settings set one. */
export const DEFAULT_LOW_STOCK_THRESHOLD = 3;

/**
 * The store settings' default threshold, read defensively: older settings documents have none.
 * Typed loosely on purpose, since the field arrives with the settings' low-stock work.
 */
export function lowStockDefaultOf(settings: object): number {
  const value = (settings as { low_stock_threshold?: unknown }).low_stock_threshold;
  return typeof value === 'number' && Number.isInteger(value) && value >= 0
    ? value
    : DEFAULT_LOW_STOCK_THRESHOLD;
}

interface Context {
  now: string;
  lowStockDefault: number;
}

const DAY_SECONDS = 86_400;
/**
 * Whole days to a deadline, rounded up, as the returns module's `daysLeft` counts them (its
 * answer_by): negative once late, null when there is none.
 */
const daysLeftTo = (deadline: SQL, now: string) =>
  sql`ceil(extract(epoch from (${deadline}) - ${now}::timestamptz) / ${DAY_SECONDS})::integer`;

const openReturns = sql.raw(OPEN_RETURN_STATUSES.map((status) => `'${status}'`).join(', '));

/** One statement per line, each `count` (and `days_left` where a deadline applies). */
const QUEUE_SQL: Record<DashboardQueueKey, (c: Context) => SQL> = {
  // Awaiting the shopper's payment or the shop's confirmation of a PIX seen in the bank.
  pix_to_confirm: () =>
    sql`select count(*)::integer as count, null::integer as days_left from orders where status = 'pending'`,
  orders_to_ship: () =>
    sql`select count(*)::integer as count, null::integer as days_left from orders
        where status = 'processing' and shipped_at is null`,
  // A step of the purchase failed (last_error) and the label is not printable yet.
  labels_failed: () =>
    sql`select count(*)::integer as count, null::integer as days_left from shipping_labels
        where last_error is not null and state in ('claimed', 'carted', 'paid')`,
  invoices_failed: () =>
    sql`select count(*)::integer as count, null::integer as days_left from invoices
        where state in ('rejected', 'denied')
          or (last_error is not null and state in ('requesting', 'pending', 'processing'))`,
  // The returns module counts days only for a request still waiting for its answer.
  returns_open: ({ now }) =>
    sql`select count(*)::integer as count,
          ${daysLeftTo(sql`min(answer_by) filter (where status = 'requested')`, now)} as days_left
        from return_requests where status in (${openReturns})`,
  privacy_open: ({ now }) =>
    sql`select count(*)::integer as count, ${daysLeftTo(sql`min(deadline_at)`, now)} as days_left
        from privacy_requests where status = 'requested'`,
  messages_unread: () =>
    sql`select count(*)::integer as count, null::integer as days_left from contact_messages
        where status = 'new'`,
  variants_out_of_stock: () =>
    sql`select count(*)::integer as count, null::integer as days_left
        from product_variants v join products p on p.id = v.product_id
        where v.active and v.retired_at is null and p.active and v.stock_quantity = 0`,
  variants_low_stock: ({ lowStockDefault }) =>
    sql`select count(*)::integer as count, null::integer as days_left
        from product_variants v join products p on p.id = v.product_id
        where v.active and v.retired_at is null and p.active and v.stock_quantity > 0
          and v.stock_quantity <= coalesce(v.low_stock_threshold, ${lowStockDefault}::integer)`,
  // 'failed': the last push or pull failed; 'pending': a change Bling has not taken yet.
  bling_to_check: () =>
    sql`select count(*)::integer as count, null::integer as days_left from bling_product_links
        where sync_status in ('failed', 'pending')`,
  reviews_pending: () =>
    sql`select count(*)::integer as count, null::integer as days_left from product_reviews
        where status = 'pending'`,
  security_alerts: ({ now }) =>
    sql`select count(*)::integer as count, null::integer as days_left from security_alerts
        where last_seen_at > ${now}::timestamptz - interval '7 days'`,
};

/** The keys a role reaches, in the queue's order. */
export function queueKeysFor(role: StaffRole | null): DashboardQueueKey[] {
  return DASHBOARD_QUEUE_KEYS.filter((key) => can(role, QUEUE_PERMISSION[key]));
}

/** The queue lines the role reaches, in one statement (a union of one row per line). */
export async function readDashboardQueue(
  db: Db,
  now: Date,
  role: StaffRole | null,
  lowStockDefault: number,
): Promise<DashboardQueueItem[]> {
  const keys = queueKeysFor(role);
  if (keys.length === 0) return [];
  const context: Context = { now: now.toISOString(), lowStockDefault };
  const parts = keys.map(
    (key, index) =>
      sql`select ${index}::integer as position, q.count, q.days_left from (${QUEUE_SQL[key](context)}) q`,
  );
  const rows = rowsOf<{ position: number; count: number; days_left: number | null }>(
    await db.execute(sql`${sql.join(parts, sql` union all `)} order by position`),
  );
  return rows.map((row) => ({
    key: keys[row.position] as DashboardQueueKey,
    count: Number(row.count),
    days_left: row.days_left === null ? null : Number(row.days_left),
  }));
}
