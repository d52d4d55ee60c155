import type { DashboardPeriod } from '@lumina/shared/admin/dashboard';
import { centsToReais } from '@lumina/shared/format/money';
import type { ReminderStats } from '@lumina/shared/reminders/reminders';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { rowsOf } from '../../db/raw-rows.ts';
import { PAID_ORDER, readBounds } from '../admin/dashboard-figures.ts';

/** A restored cart counts as recovered when its order is placed within this long. */
export const RECOVERY_WINDOW_DAYS = 7;

/**
 * The panel's reminder figures for the period ending today (São Paulo), days as the home's:
 * e-mails queued, restore links followed, and the orders paid in the period that a restored cart
 * became, with their totals. An order is a restored cart's when it is the same shopper's (the
 * reminder's, or whoever was signed in when the link was followed), placed within 7 days after
 * the restore and holding one of the restored variants; each order counts once. Paid as the home
 * counts revenue: paid, not cancelled or refunded since.
 */
export async function readReminderStats(
  db: Db,
  now: Date,
  period: DashboardPeriod,
): Promise<ReminderStats> {
  const bounds = await readBounds(db, now, period);
  const start = sql`${bounds.startAt}::timestamptz`;
  const end = sql`${bounds.endAt}::timestamptz`;
  const window = sql.raw(`interval '${RECOVERY_WINDOW_DAYS} days'`);
  const [row] = rowsOf<{
    sent: number;
    restored: number;
    orders: number;
    revenue: string | number;
  }>(
    await db.execute(sql`
      with restores as (
        select m.restored_at, r.user_id, m.restored_user_id, m.restore_items
        from reminder_messages m join reminders r on r.id = m.reminder_id
        where m.restored_at is not null and m.restored_at >= ${start} - ${window}
          and m.restored_at < ${end}
      ),
      recovered as (
        select distinct o.id, o.total_cents
        from restores x
        join orders o on o.user_id in (x.user_id, x.restored_user_id)
          and o.created_at >= x.restored_at and o.created_at < x.restored_at + ${window}
        where ${PAID_ORDER} and o.paid_at >= ${start} and o.paid_at < ${end}
          and exists (
            select 1 from order_items i
            where i.order_id = o.id and i.variant_id in (
              select (item->>'variant_id')::integer from jsonb_array_elements(x.restore_items) item
            )
          )
      )
      select
        (select count(*) from reminder_messages where sent_at >= ${start} and sent_at < ${end})::integer as sent,
        (select count(*) from restores where restored_at >= ${start})::integer as restored,
        (select count(*) from recovered)::integer as orders,
        (select coalesce(sum(total_cents), 0) from recovered)::bigint as revenue
    `),
  );
  return {
    period_days: period,
    from: bounds.from,
    to: bounds.to,
    sent: row?.sent ?? 0,
    restored: row?.restored ?? 0,
    carts_recovered: row?.orders ?? 0,
    revenue_recovered: centsToReais(Number(row?.revenue ?? 0)),
  };
}
