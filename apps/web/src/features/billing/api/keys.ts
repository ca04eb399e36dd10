/** The query keys of the billing answers: all under ['billing']. */
export const billingKeys = {
  payments: ['billing', 'payments'] as const,
  membershipTerms: ['billing', 'membership-terms'] as const,
  unusedVisits: ['billing', 'unused-visits'] as const,
};
