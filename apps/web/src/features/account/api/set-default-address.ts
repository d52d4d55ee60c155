import type { AddressResponse } from '@lumina/shared/addresses/address-json';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { accountKeys, useAccountUserId } from '../../../lib/account/account-keys.ts';

export const SET_DEFAULT_ADDRESS_ERROR = 'Erro ao definir endereço padrão';

export function setDefaultAddress(id: number): Promise<AddressResponse> {
  return apiRequest<AddressResponse>(`/addresses/${id}/set_default`, { method: 'POST' });
}

export function useSetDefaultAddress() {
  const client = useQueryClient();
  const userId = useAccountUserId();
  return useMutation({
    mutationFn: setDefaultAddress,
    onSuccess: () => client.invalidateQueries({ queryKey: accountKeys.addresses(userId) }),
  });
}
