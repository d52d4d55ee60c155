import type { Dashboard, DashboardPeriod } from '@lumina/shared/admin/dashboard';
import { can, type StaffRole } from '@lumina/shared/admin/staff-roles';
import type { Db } from '../../db/database.ts';
import { readDashboardFigures } from './dashboard-figures.ts';
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
  const [queue, figures] = await Promise.all([
    readDashboardQueue(db, now, role, input.lowStockDefault),
    can(role, 'reports') ? readDashboardFigures(db, now, period) : null,
  ]);
  return { queue, figures, generated_at: now.toISOString() };
}
