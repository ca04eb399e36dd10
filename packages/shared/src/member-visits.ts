import { z } from './zod';
import { pageParams, pageSchema } from './admin';
import { CLINICIAN_CREDENTIALS } from './clinicians';
import { VISIT_CANCELLERS, VISIT_COVERAGES, VISIT_MODES, VISIT_SERVICES, VISIT_STATUSES } from './visits';

/** GET /api/admin/users/{id}/visits: a page (from 0) of the member's visits, ADMIN_PAGE_SIZE unless told. */
export const memberVisitsQuerySchema = z.strictObject(pageParams);

/**
 * A visit as the operator's console lists it on the member's page: when, what, how, where it stands, who
 * took it, how long it waited and what paid for it. Nothing of the patient's health (symptoms, notes,
 * prescriptions, a cancellation's reason): that record is for clinicians.
 */
const memberVisitSchema = z.object({
  id: z.string(),
  /** Who the visit is for: the member, or a child they are the guardian of. */
  patient: z.object({ id: z.string(), firstName: z.string(), lastName: z.string() }),
  service: z.enum(VISIT_SERVICES),
  mode: z.enum(VISIT_MODES),
  status: z.enum(VISIT_STATUSES),
  cancelledBy: z.enum(VISIT_CANCELLERS).nullable(),
  requestedAt: z.string(),
  claimedAt: z.string().nullable(),
  /** From the request to its claim (the latest, for a request handed back), in whole minutes; null while unclaimed. */
  waitMinutes: z.number().int().nullable(),
  /** The clinician who claimed it ("Dr. Grace Hopper, MD"), once claimed. */
  clinician: z.object({ name: z.string(), credentials: z.enum(CLINICIAN_CREDENTIALS) }).nullable(),
  coverage: z.enum(VISIT_COVERAGES),
  /** For a visit paid for by itself: what its payment charged, in cents. */
  paidCents: z.number().int().nullable(),
});
export type MemberVisit = z.infer<typeof memberVisitSchema>;
export const memberVisitPageSchema = pageSchema(memberVisitSchema);
