import type { StaffInvitation, StaffList, StaffMember } from '@lumina/shared/admin/staff';
import type { StaffRole } from '@lumina/shared/admin/staff-roles';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminRequest } from './admin-request.ts';

const STAFF_KEY = ['admin', 'staff'] as const;

/** The staff and the pending invitations (GET /api/admin/staff). */
export function adminStaffQueryOptions() {
  return queryOptions({
    queryKey: STAFF_KEY,
    queryFn: ({ signal }) => adminRequest<StaffList>('/admin/staff', { signal }),
    staleTime: 0,
  });
}

export function useAdminStaff() {
  return useQuery(adminStaffQueryOptions());
}

/** Every write reads the list again: an invitation replaces another, a role moves a row. */
function useStaffWrite<V, R>(mutationFn: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: STAFF_KEY }),
  });
}

export function useInviteStaff() {
  return useStaffWrite((staff: { email: string; role: StaffRole }) =>
    adminRequest<{ invitation: StaffInvitation }>('/admin/staff', {
      method: 'POST',
      body: { staff },
    }),
  );
}

export function useChangeStaffRole() {
  return useStaffWrite(({ id, role }: { id: number; role: StaffRole }) =>
    adminRequest<{ staff: StaffMember }>(`/admin/staff/${id}`, {
      method: 'PUT',
      body: { staff: { role } },
    }),
  );
}

export function useRemoveStaff() {
  return useStaffWrite((id: number) =>
    adminRequest<undefined>(`/admin/staff/${id}`, { method: 'DELETE' }),
  );
}

export function useRevokeInvitation() {
  return useStaffWrite((id: number) =>
    adminRequest<undefined>(`/admin/staff/invitations/${id}`, { method: 'DELETE' }),
  );
}
