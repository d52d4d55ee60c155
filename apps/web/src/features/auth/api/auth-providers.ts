import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export interface AuthProviders {
  google: boolean;
}

/** Which sign-in methods besides e-mail and password this store offers. */
export function useAuthProviders() {
  return useQuery({
    queryKey: ['auth', 'providers'],
    queryFn: ({ signal }) => apiRequest<AuthProviders>('/auth/providers', { signal }),
    staleTime: Infinity,
  });
}
