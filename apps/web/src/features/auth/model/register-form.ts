import {
  addressFieldsSchema,
  completeAddressOrUndefined,
  DEFAULT_ADDRESS_NAME,
} from '@lumina/shared/addresses/address-schema';
import { createRegisterUserSchema } from '@lumina/shared/users/register-schema';
import { calendarDateOf, systemClock, type Clock } from '@lumina/shared/validation/calendar-date';
import { z } from 'zod';
import type { RegisterPayload } from '../../../lib/auth/auth-types.ts';

/** What the register form holds while the visitor types (every field a string or a checkbox). */
export interface RegisterFormValues {
  user: {
    name: string;
    email: string;
    password: string;
    password_confirmation: string;
    cpf: string;
    phone: string;
    gender: '' | 'M' | 'F' | 'O';
    birth_date: string;
    privacy_policy_accepted: boolean;
    terms_of_service_accepted: boolean;
    marketing_consent: boolean;
    data_processing_consent: boolean;
  };
  address: {
    name: string;
    street: string;
    number: string;
    complement: string;
    neighborhood: string;
    city: string;
    state: string;
    zip_code: string;
  };
}

export const EMPTY_REGISTER_FORM: RegisterFormValues = {
  user: {
    name: '',
    email: '',
    password: '',
    password_confirmation: '',
    cpf: '',
    phone: '',
    gender: '',
    birth_date: '',
    privacy_policy_accepted: false,
    terms_of_service_accepted: false,
    marketing_consent: false,
    data_processing_consent: false,
  },
  address: {
    name: DEFAULT_ADDRESS_NAME,
    street: '',
    number: '',
    complement: '',
    neighborhood: '',
    city: '',
    state: '',
    zip_code: '',
  },
};

/**
 * The shared register rules (the same the API applies) over the form's shape. The address block
 * is checked only when complete; a half-filled one is left out, as the spec says (000 §5).
 */
export function createRegisterFormSchema(clock: Clock = systemClock) {
  return z.object({
    user: createRegisterUserSchema(clock),
    address: z.preprocess(
      (value) => completeAddressOrUndefined(value as Record<string, unknown> | undefined),
      addressFieldsSchema.optional(),
    ),
  });
}

export type RegisterFormOutput = z.output<ReturnType<typeof createRegisterFormSchema>>;

export function toRegisterPayload(output: RegisterFormOutput): RegisterPayload {
  return output.address ? { user: output.user, address: output.address } : { user: output.user };
}

/** The date picker's limits: no future day (store time), nobody born before 1900 (spec 000 §2). */
export const BIRTH_DATE_MIN = '1900-01-01';

export function birthDateMax(clock: Clock = systemClock): string {
  const { year, month, day } = calendarDateOf(clock());
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}
