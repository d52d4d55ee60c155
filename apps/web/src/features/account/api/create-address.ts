import type { Address } from '@lumina/shared/addresses/address-schema';
import type { AddressResponse } from '@lumina/shared/addresses/address-json';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { accountKeys, useAccountUserId } from '../../../lib/account/account-keys.ts';

export const CREATE_ADDRESS_ERROR = 'Erro ao criar endereço';

export function createAddress(address: Address): Promise<AddressResponse> {
  // The spec's body sends a missing complement as null.
  return apiRequest<AddressResponse>('/addresses', {
    method: 'POST',
    body: { ...address, complement: address.complement ?? null },
  });
}

export function useCreateAddress() {
  const client = useQueryClient();
  const userId = useAccountUserId();
  return useMutation({
    mutationFn: createAddress,
    // A new default changes the flag of another entry too: read the list again.
    onSuccess: () => client.invalidateQueries({ queryKey: accountKeys.addresses(userId) }),
  });
}
