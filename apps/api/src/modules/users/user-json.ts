import { ROLE_PERMISSIONS } from '@lumina/shared/admin/staff-roles';
import { PROFILE_GENDER_BY_CODE } from '@lumina/shared/users/gender';
import type { ProfileUserJson, UserJson } from '@lumina/shared/users/user-json';
import type { UserRow } from '../../db/schema/users.ts';

// Login and Google sign-in name the type through this module.
export type { ProfileUserJson, UserJson };

/**
 * A user as the API answers it (login, register, profile). Built field by field so the
 * password hash, the Google subject and any future column never leak by accident.
 */
export function toUserJson(user: UserRow): UserJson {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    cpf: user.cpf,
    phone: user.phone,
    gender: user.gender,
    birth_date: user.birthDate,
    country: user.country,
    role: user.role,
    staff_role: user.staffRole,
    // The server still checks each admin call; this only tells the panel what to show.
    permissions: user.staffRole ? [...ROLE_PERMISSIONS[user.staffRole]] : [],
    email_verified: user.emailVerifiedAt !== null,
    pending_email: user.pendingEmail,
    has_password: user.passwordHash !== null,
    google_linked: user.googleSub !== null,
    privacy_policy_accepted: user.privacyPolicyAccepted,
    terms_of_service_accepted: user.termsOfServiceAccepted,
    marketing_consent: user.marketingConsent,
    data_processing_consent: user.dataProcessingConsent,
    created_at: user.createdAt.toISOString(),
  };
}

/**
 * The user as the profile answers it: the gender as the word PUT /api/users/profile accepts
 * (masculino, feminino, outro) rather than the register's letter.
 */
export function toProfileJson(user: UserRow): ProfileUserJson {
  return { ...toUserJson(user), gender: user.gender ? PROFILE_GENDER_BY_CODE[user.gender] : null };
}
