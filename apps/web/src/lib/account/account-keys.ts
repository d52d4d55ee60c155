import { useAuth } from '../auth/use-auth.ts';

/**
 * Account data is cached per user, so after a logout and another login (here or in another tab)
 * nobody sees the previous person's profile or addresses for a moment.
 */
export const accountKeys = {
  profile: (userId: number) => ['account', userId, 'profile'] as const,
  addresses: (userId: number) => ['account', userId, 'addresses'] as const,
};

/** The logged-in user's id; 0 while nobody is (the queries are disabled then). */
export function useAccountUserId(): number {
  return useAuth().user?.id ?? 0;
}
