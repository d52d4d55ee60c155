import type { AdminFeedsAnswer } from '@lumina/shared/feeds/feeds';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminRequest } from './admin-request.ts';

export const feedsKey = ['admin', 'feeds'] as const;

export function feedsQueryOptions() {
  return queryOptions({
    queryKey: feedsKey,
    queryFn: ({ signal }) => adminRequest<AdminFeedsAnswer>('/admin/feeds', { signal }),
  });
}

/** GET /api/admin/feeds: the feeds' addresses to paste in Merchant Center and Commerce Manager. */
export function useFeeds() {
  return useQuery(feedsQueryOptions());
}
