/** The query keys of the clinicians' answers: the admin's list, the signed-in clinician's own details, the queue, the desk and a held visit. */
export const clinicianKeys = {
  all: ['clinicians'] as const,
  list: ['clinicians', 'list'] as const,
  self: ['clinicians', 'self'] as const,
  queue: ['clinicians', 'queue'] as const,
  desk: ['clinicians', 'desk'] as const,
  visit: (visitId: string) => ['clinicians', 'visit', visitId] as const,
  thread: (visitId: string) => ['clinicians', 'visit', visitId, 'thread'] as const,
};
