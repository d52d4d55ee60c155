import type { AddressJson, AddressListResponse } from '@lumina/shared/addresses/address-json';
import { DATA_QUERY_CACHE } from '@lumina/shared/constants/account-constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api-client.ts';
import { accountKeys, useAccountUserId } from './account-keys.ts';

/** An address book entry as the API answers it: the shared contract. */
export type SavedAddress = AddressJson;

export function getAddresses(signal?: AbortSignal): Promise<AddressListResponse> {
  return apiRequest<AddressListResponse>('/addresses', { signal });
}

export function addressesQueryOptions(userId: number) {
  return queryOptions({
    queryKey: accountKeys.addresses(userId),
    queryFn: ({ signal }) => getAddresses(signal),
    staleTime: DATA_QUERY_CACHE.staleTimeMs,
    gcTime: DATA_QUERY_CACHE.gcTimeMs,
    select: (data) => data.addresses,
  });
}

export function useAddresses() {
  const userId = useAccountUserId();
  return useQuery({ ...addressesQueryOptions(userId), enabled: userId > 0 });
}
