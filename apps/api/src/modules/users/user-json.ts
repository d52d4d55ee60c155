import type { UserRow } from '../../db/schema/users.ts';

/**
 * A user as the API answers it (login, register, profile). Built field by field so the
 * password hash, the Google subject and any future column never leak by accident.
 */
export interface UserJson {
  id: number;
  name: string;
  email: string;
  cpf: string | null;
  phone: string | null;
  /** M, F or O (spec 000); the profile form shows the word (PROFILE_GENDER_BY_CODE). */
  gender: 'M' | 'F' | 'O' | null;
  /** YYYY-MM-DD */
  birth_date: string | null;
  country: string;
  role: 'customer' | 'admin';
  email_verified: boolean;
  has_password: boolean;
  google_linked: boolean;
  privacy_policy_accepted: boolean;
  terms_of_service_accepted: boolean;
  marketing_consent: boolean;
  data_processing_consent: boolean;
  created_at: string;
}

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
    email_verified: user.emailVerifiedAt !== null,
    has_password: user.passwordHash !== null,
    google_linked: user.googleSub !== null,
    privacy_policy_accepted: user.privacyPolicyAccepted,
    terms_of_service_accepted: user.termsOfServiceAccepted,
    marketing_consent: user.marketingConsent,
    data_processing_consent: user.dataProcessingConsent,
    created_at: user.createdAt.toISOString(),
  };
}
