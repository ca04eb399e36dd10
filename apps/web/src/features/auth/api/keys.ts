/** The query keys of the signed-in account's own answers: all under ['me']. */
export const authKeys = {
  profile: ['me', 'profile'] as const,
  account: ['me', 'account'] as const,
  sessions: ['me', 'sessions'] as const,
};
