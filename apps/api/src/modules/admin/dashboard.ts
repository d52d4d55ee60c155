import type { Dashboard, DashboardPeriod } from '@lumina/shared/admin/dashboard';
import { can, type StaffRole } from '@lumina/shared/admin/staff-roles';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { type DashboardRead, readDashboardFigures } from './dashboard-figures.ts';
import { readDashboardQueue } from './dashboard-queue.ts';

/**
 * The owner's home: the queue of what waits for the caller's role, and the period's figures
 * for a role with 'reports' (null otherwise, and not computed). Read-only.
 */
export async function readDashboard(
  db: Db,
  input: { now: Date; period: DashboardPeriod; role: StaffRole | null; lowStockDefault: number },
): Promise<Dashboard> {
  const { now, period, role } = input;
  // Each statement in a read-only transaction of its own, so they run side by side on a server
  // (on the embedded database, one connection, they simply queue). The figures may thus come
  // from snapshots a few milliseconds apart, which a home of daily totals does not notice. The
  // settings are the measured plans' (bench/dashboard.ts): a few aggregates over tens of
  // thousands of rows gain nothing from parallel workers or JIT compilation, whose start-up alone
  // cost 15 to 120 ms on a busy two-core machine, and their sorts fit in memory with 32 MB
  // instead of spilling.
  const read: DashboardRead = (statement) =>
    db.transaction(
      async (tx) => {
        await tx.execute(
          sql`select set_config('jit', 'off', true), set_config('max_parallel_workers_per_gather', '0', true), set_config('work_mem', '32MB', true)`,
        );
        return statement(tx);
      },
      { accessMode: 'read only' },
    );
  const [queue, figures] = await Promise.all([
    read((tx) => readDashboardQueue(tx, now, role, input.lowStockDefault)),
    can(role, 'reports') ? readDashboardFigures(read, now, period) : null,
  ]);
  return { queue, figures, generated_at: now.toISOString() };
}
