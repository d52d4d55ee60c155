import type { Dashboard, DashboardPeriod } from '@lumina/shared/admin/dashboard';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminRequest } from './admin-request.ts';

/** The queue moves as orders come in: a minute old at most when the owner comes back to it. */
const DASHBOARD_STALE_MS = 60_000;

export const dashboardKey = ['admin', 'dashboard'] as const;

export function dashboardQueryOptions(period: DashboardPeriod) {
  return queryOptions({
    queryKey: [...dashboardKey, period],
    queryFn: ({ signal }) =>
      adminRequest<Dashboard>('/admin/dashboard', { query: { period: String(period) }, signal }),
    staleTime: DASHBOARD_STALE_MS,
  });
}

/** The home's queue and figures; switching the period keeps the last figures on screen meanwhile. */
export function useDashboard(period: DashboardPeriod) {
  return useQuery({ ...dashboardQueryOptions(period), placeholderData: keepPreviousData });
}
