import type { ProfileGender } from '@lumina/shared/users/gender';
import { DEFAULT_COUNTRY } from '@lumina/shared/users/profile-schema';
import { formatCpf } from '@lumina/shared/validation/cpf';
import { formatPhone } from '@lumina/shared/validation/phone';
import type { ProfileUser } from '../../../lib/account/get-profile.ts';

/** Every field as the form holds it: strings, masks applied, gender as the profile's word. */
export interface ProfileFormValues {
  name: string;
  email: string;
  /** Asked only when the e-mail changes (a session alone must not move it); never prefilled. */
  current_password: string;
  phone: string;
  cpf: string;
  birth_date: string;
  gender: ProfileGender | '';
  country: string;
}

export const PROFILE_FIELD_ORDER = [
  'name',
  'email',
  'current_password',
  'phone',
  'cpf',
  'birth_date',
  'gender',
  'country',
] as const satisfies readonly (keyof ProfileFormValues)[];

export function profileFormValues(user: ProfileUser): ProfileFormValues {
  return {
    name: user.name,
    email: user.email,
    current_password: '',
    phone: formatPhone(user.phone ?? ''),
    cpf: formatCpf(user.cpf ?? ''),
    birth_date: user.birth_date ?? '',
    gender: user.gender ?? '',
    country: user.country || DEFAULT_COUNTRY,
  };
}
