import type { Address } from '@lumina/shared/addresses/address-schema';
import type { AddressResponse } from '@lumina/shared/addresses/address-json';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { accountKeys, useAccountUserId } from '../../../lib/account/account-keys.ts';

export const UPDATE_ADDRESS_ERROR = 'Erro ao atualizar endereço';

export function updateAddress({
  id,
  address,
}: {
  id: number;
  address: Address;
}): Promise<AddressResponse> {
  return apiRequest<AddressResponse>(`/addresses/${id}`, {
    method: 'PUT',
    body: { ...address, complement: address.complement ?? null },
  });
}

export function useUpdateAddress() {
  const client = useQueryClient();
  const userId = useAccountUserId();
  return useMutation({
    mutationFn: updateAddress,
    onSuccess: () => client.invalidateQueries({ queryKey: accountKeys.addresses(userId) }),
  });
}
