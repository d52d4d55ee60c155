/** Cached per user, so after a logout and another login nobody sees the previous person's data. */
export const privacyKeys = {
  consents: (userId: number) => ['privacy', userId, 'consents'] as const,
  requests: (userId: number) => ['privacy', userId, 'requests'] as const,
};
