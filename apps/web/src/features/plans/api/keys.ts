/** The query key of the plan catalogue: one list, the same on every page that shows plans. */
export const plansKeys = {
  list: ['plans'] as const,
};
