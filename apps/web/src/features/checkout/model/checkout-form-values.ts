import type { CheckoutField } from '@lumina/shared/checkout/checkout-rules';
import { formatCep } from '@lumina/shared/validation/cep';
import { formatCpf } from '@lumina/shared/validation/cpf';
import { formatPhone } from '@lumina/shared/validation/phone';
import type { SavedAddress } from '../../../lib/account/get-addresses.ts';
import type { ProfileUser } from '../../../lib/account/get-profile.ts';

/** The customer form as typed (masks applied); the shared schema's field names. */
export type CheckoutFormValues = Record<CheckoutField, string>;

export const EMPTY_CHECKOUT_FORM: CheckoutFormValues = {
  customer_name: '',
  customer_email: '',
  customer_phone: '',
  customer_cpf: '',
  customer_birth_date: '',
  customer_street: '',
  customer_number: '',
  customer_complement: '',
  customer_neighborhood: '',
  customer_city: '',
  customer_state: '',
  customer_zip_code: '',
  notes: '',
};

/** The fields the profile can fill, masked as the form shows them. */
export function profileValues(profile: ProfileUser): Partial<CheckoutFormValues> {
  return {
    customer_name: profile.name,
    customer_email: profile.email,
    customer_phone: formatPhone(profile.phone ?? ''),
    customer_cpf: formatCpf(profile.cpf ?? ''),
    customer_birth_date: profile.birth_date ?? '',
  };
}

/** The address book's default entry, else the first one; undefined when there is none. */
export function defaultAddress(addresses: readonly SavedAddress[]): SavedAddress | undefined {
  return addresses.find((address) => address.is_default) ?? addresses[0];
}

export function addressValues(address: SavedAddress): Partial<CheckoutFormValues> {
  return {
    customer_street: address.street,
    customer_number: address.number,
    customer_complement: address.complement ?? '',
    customer_neighborhood: address.neighborhood,
    customer_city: address.city,
    customer_state: address.state,
    customer_zip_code: formatCep(address.zip_code),
  };
}
