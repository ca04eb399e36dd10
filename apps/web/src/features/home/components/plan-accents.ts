/** The accent of each plan card, in the catalogue's order. */
export const PLAN_ACCENTS = ['teal', 'blue', 'purple'] as const;
