import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { accountKeys, useAccountUserId } from '../../../lib/account/account-keys.ts';

export function deleteAddress(id: number): Promise<{ success: boolean }> {
  return apiRequest<{ success: boolean }>(`/addresses/${id}`, { method: 'DELETE' });
}

/**
 * A failed delete is not shown to the user (spec 001 §8, 'Erro ao deletar endereço'); the list is
 * read again either way, so what the page shows is what the server holds.
 */
export function useDeleteAddress() {
  const client = useQueryClient();
  const userId = useAccountUserId();
  return useMutation({
    mutationFn: deleteAddress,
    onSettled: () => client.invalidateQueries({ queryKey: accountKeys.addresses(userId) }),
  });
}
