import type { DashboardPeriod } from '@lumina/shared/admin/dashboard';
import type { ReminderStats } from '@lumina/shared/reminders/reminders';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminRequest } from './admin-request.ts';

/** As old as the home's figures may be. */
const REMINDER_STATS_STALE_MS = 60_000;

export function reminderStatsQueryOptions(period: DashboardPeriod) {
  return queryOptions({
    queryKey: ['admin', 'reminders', 'stats', period] as const,
    queryFn: async ({ signal }) =>
      (
        await adminRequest<{ reminders: ReminderStats }>('/admin/reminders/stats', {
          query: { period: String(period) },
          signal,
        })
      ).reminders,
    staleTime: REMINDER_STATS_STALE_MS,
  });
}

/** GET /api/admin/reminders/stats for the home's period ('reports'). */
export function useReminderStats(period: DashboardPeriod) {
  return useQuery({ ...reminderStatsQueryOptions(period), placeholderData: keepPreviousData });
}
