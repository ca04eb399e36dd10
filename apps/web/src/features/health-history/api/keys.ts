/** The query keys of the health history's answers: all under ['health-history']. */
export const healthHistoryKeys = {
  mine: ['health-history', 'mine'] as const,
  person: (personId: string) => ['health-history', 'person', personId] as const,
};
