import { DEFAULT_ADDRESS_NAME } from '@lumina/shared/addresses/address-schema';
import { formatCep } from '@lumina/shared/validation/cep';
import type { SavedAddress } from '../../../lib/account/get-addresses.ts';

export interface AddressFormValues {
  name: string;
  street: string;
  number: string;
  complement: string;
  neighborhood: string;
  city: string;
  state: string;
  zip_code: string;
  is_default: boolean;
}

export const ADDRESS_FIELDS = [
  'name',
  'zip_code',
  'street',
  'number',
  'complement',
  'neighborhood',
  'city',
  'state',
] as const satisfies readonly (keyof AddressFormValues)[];

export function emptyAddressValues(isFirst: boolean): AddressFormValues {
  return {
    name: DEFAULT_ADDRESS_NAME,
    street: '',
    number: '',
    complement: '',
    neighborhood: '',
    city: '',
    state: '',
    zip_code: '',
    // The first address of the book is the default whatever is ticked; say so from the start.
    is_default: isFirst,
  };
}

export function addressFormValues(address: SavedAddress): AddressFormValues {
  return {
    name: address.name,
    street: address.street,
    number: address.number,
    complement: address.complement ?? '',
    neighborhood: address.neighborhood,
    city: address.city,
    state: address.state,
    zip_code: formatCep(address.zip_code),
    is_default: address.is_default,
  };
}
