/** The query keys of the clinicians' answers: the admin's list, and the signed-in clinician's own details. */
export const clinicianKeys = {
  all: ['clinicians'] as const,
  list: ['clinicians', 'list'] as const,
  self: ['clinicians', 'self'] as const,
};
