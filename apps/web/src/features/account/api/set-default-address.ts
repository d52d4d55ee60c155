import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { accountKeys, useAccountUserId } from '../../../lib/account/account-keys.ts';
import type { AddressResponse } from '../../../lib/account/get-addresses.ts';

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
