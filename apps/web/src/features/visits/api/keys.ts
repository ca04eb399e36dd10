/** The query keys of visit answers: all under ['visits']. */
export const visitKeys = {
  mine: ['visits', 'mine'] as const,
  one: (visitId: string) => ['visits', 'one', visitId] as const,
  thread: (visitId: string) => ['visits', 'thread', visitId] as const,
  photo: (path: string) => ['visits', 'photo', path] as const,
  ofMember: (userId: string, page: number) => ['visits', 'member', userId, page] as const,
};
