import { ROLE_PERMISSIONS } from '@lumina/shared/admin/staff-roles';
import type { AuthUser } from '../auth-types.ts';
import type { ProfileUser } from '../../account/get-profile.ts';

/** A customer unless `role: 'admin'` is given: then an owner, or the `staff_role` given. */
export function createUser(overrides: Partial<AuthUser> = {}): AuthUser {
  const staffRole = overrides.staff_role ?? (overrides.role === 'admin' ? 'owner' : null);
  return {
    id: 7,
    name: 'Ana Souza',
    email: 'ana@example.com',
    cpf: '52998224725',
    phone: '11987654321',
    gender: 'F',
    birth_date: '1995-04-20',
    country: 'Brasil',
    role: 'customer',
    staff_role: staffRole,
    permissions: staffRole ? [...ROLE_PERMISSIONS[staffRole]] : [],
    email_verified: true,
    pending_email: null,
    has_password: true,
    google_linked: false,
    privacy_policy_accepted: true,
    terms_of_service_accepted: true,
    marketing_consent: false,
    data_processing_consent: false,
    created_at: '2026-11-01T12:00:00.000Z',
    ...overrides,
  };
}

const PROFILE_GENDER = { M: 'masculino', F: 'feminino', O: 'outro' } as const;

/** The user as GET and PUT /api/users/profile answer it: the gender as the profile's word. */
export function profileOf(user: AuthUser): ProfileUser {
  return { ...user, gender: user.gender ? PROFILE_GENDER[user.gender] : null };
}
