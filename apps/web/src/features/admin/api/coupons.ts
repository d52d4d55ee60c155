import type { CouponJson } from '@lumina/shared/promotions/coupon-schema';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CouponBody } from '../model/coupon-form.ts';
import { adminRequest } from './admin-request.ts';

const COUPONS_KEY = ['admin', 'coupons'] as const;

/** Coupons and automatic promotions with their figures (GET /api/admin/coupons). */
export function adminCouponsQueryOptions() {
  return queryOptions({
    queryKey: COUPONS_KEY,
    queryFn: ({ signal }) => adminRequest<{ coupons: CouponJson[] }>('/admin/coupons', { signal }),
    // The figures move with every order: read again on each visit.
    staleTime: 0,
  });
}

export function useAdminCoupons() {
  return useQuery(adminCouponsQueryOptions());
}

export interface CouponWrite {
  id: number | null;
  body: CouponBody;
}

/** Create (id null) or replace a coupon; the list is read again after. */
export function useSaveCoupon() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: CouponWrite) =>
      adminRequest<{ coupon: CouponJson }>(
        id === null ? '/admin/coupons' : `/admin/coupons/${id}`,
        { method: id === null ? 'POST' : 'PUT', body: { coupon: body } },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: COUPONS_KEY }),
  });
}

/** Deletes an unused coupon; one with uses is refused (409) and can only be paused. */
export function useDeleteCoupon() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      adminRequest<undefined>(`/admin/coupons/${id}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: COUPONS_KEY }),
  });
}
