import { messages, TELEHEALTH_CONSENT_VERSION, type PatientVisit, type VisitRequest } from '@app/shared';
import type { Config } from '../../config';
import type { Database, Executor } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { DomainError, invalidField, notFound, conflict } from '../../lib/errors';
import { findUnusedVisitPayment, payForVisit, type CheckoutDeps } from '../billing';
import { latestVersion } from '../health-history';
import { coveringAccountOf, keepsRecordOf, patientForVisit, peopleInCareOf } from '../household';
import type { UserRow } from '../users';
import { announceVisit, type VisitEvents } from './events.service';
import {
  countCompletedOneTimeVisits,
  findOpenVisitOf,
  findVisit,
  insertVisit,
  listVisitsOf,
  someClinicianLicensedIn,
  transitionVisit,
  type VisitRow,
} from './repository';
import { toPatientVisits } from './view.service';

/** What a patient's side of visits uses: a visit paid for by itself goes through the checkout. */
export type PatientVisitsDeps = CheckoutDeps & {
  db: Database;
  config: Pick<Config, 'brand' | 'reconcileAfterMs'>;
  visitEvents: VisitEvents;
};

/** A refusal that names the open request, so the page can link to it. */
const openVisitConflict = (visitId: string) => new DomainError('conflict', messages.visitAlreadyOpen, { openVisitId: visitId });

/**
 * What pays for a visit now: the active monthly membership of the account covering the patient (their
 * own, or their family's, which covers a child's pediatric care at no extra charge), or an active
 * one-time visit not yet used by a completed visit. Undefined when nothing does.
 */
async function coverageOf(db: Database, patient: UserRow) {
  const account = await coveringAccountOf(db, patient);
  if (account.subscriptionStatus !== 'active' || !account.subscriptionPlan) return undefined;
  if (account.subscriptionPlan !== 'oneTimeVisit') return 'membership' as const;
  const since = account.subscriptionStartDate ?? account.createdAt;
  return (await countCompletedOneTimeVisits(db, account.id, since)) === 0 ? ('one-time' as const) : undefined;
}

/**
 * What pays for this request: the membership or one-time visit, else a paid visit of this service that
 * the requester paid and no visit holds, else the requester's card sent with the request, charged now
 * (never when something else covers it).
 */
async function payerOf(
  deps: PatientVisitsDeps,
  patient: UserRow,
  requesterId: string,
  request: Pick<VisitRequest, 'service' | 'payment'>,
  purchase: { key: string | undefined; ip: string },
) {
  const coverage = await coverageOf(deps.db, patient);
  if (coverage) return { coverage, paymentId: null };
  const unused = await findUnusedVisitPayment(deps.db, requesterId, request.service);
  if (unused) return { coverage: 'paid' as const, paymentId: unused };
  if (!request.payment) throw new DomainError('forbidden', messages.visitNeedsMembership, { needsPlan: true, needsPayment: true });
  const paymentId = await payForVisit(deps, requesterId, request.service, request.payment, purchase.key, purchase.ip);
  return { coverage: 'paid' as const, paymentId };
}

/**
 * Makes a visit request for the signed-in patient, or for a child they are the guardian of: covered by
 * a membership or paid for by itself, in a state a clinician is licensed in, one open request per patient
 * at a time. The consent's version, time and address are kept with it. A payment made here that no
 * visit ends up holding (the request lost a race) pays for the requester's next request of that service.
 */
export async function requestVisit(
  deps: PatientVisitsDeps,
  requesterId: string,
  input: VisitRequest,
  purchase: { key: string | undefined; ip: string },
): Promise<PatientVisit> {
  const patient = await patientForVisit(deps.db, requesterId, input);
  if (!patient) throw notFound(messages.notFound);
  const patientId = patient.id;
  const open = await findOpenVisitOf(deps.db, patientId);
  if (open) throw openVisitConflict(open.id);
  // Checked before any charge: a request that cannot be made is never paid for.
  if (!(await someClinicianLicensedIn(deps.db, input.state)))
    throw invalidField('state', messages.noClinicianInState(deps.config.brand.supportPhone));
  const { coverage, paymentId } = await payerOf(deps, patient, requesterId, input, purchase);

  const history = await latestVersion(deps.db, patientId);
  const now = new Date();
  let visit;
  try {
    visit = await insertVisit(deps.db, {
      patientId,
      requestedBy: requesterId,
      service: input.service,
      mode: input.mode,
      state: input.state,
      symptoms: input.symptoms,
      since: input.since,
      callbackPhone: input.callbackPhone,
      coverage,
      paymentId,
      historyVersionId: history?.id ?? null,
      consentVersion: TELEHEALTH_CONSENT_VERSION,
      consentAt: now,
      consentIp: purchase.ip,
    });
  } catch (error) {
    // Two requests at once: the index let one in. A double submit of one paid request answers with the visit the first made.
    if (!isUniqueViolation(error)) throw error;
    const winner = await findOpenVisitOf(deps.db, patientId);
    if (winner && paymentId && winner.paymentId === paymentId) return (await toPatientVisits(deps.db, [winner], { now }))[0]!;
    throw winner ? openVisitConflict(winner.id) : conflict(messages.visitAlreadyOpen);
  }
  await announceVisit(deps.visitEvents, visit);
  const [answer] = await toPatientVisits(deps.db, [visit], { now });
  return answer!;
}

/**
 * The visit when the signed-in person keeps its record (their own, a child's they are the guardian
 * of); else 404: anyone else's visit, in their household or not, does not exist for them.
 */
export async function keptBy(db: Executor, userId: string, visit: VisitRow | undefined): Promise<VisitRow> {
  if (!visit || !(await keepsRecordOf(db, userId, visit.patientId))) throw notFound(messages.visitNotFound);
  return visit;
}

const ownVisit = async (db: Database, userId: string, visitId: string) => keptBy(db, userId, await findVisit(db, visitId));

export async function readOwnVisit(deps: PatientVisitsDeps, patientId: string, visitId: string): Promise<PatientVisit> {
  const [answer] = await toPatientVisits(deps.db, [await ownVisit(deps.db, patientId, visitId)]);
  return answer!;
}

/** The records the signed-in person keeps (theirs and their children's): every visit, newest first, with its summary once signed. */
export async function listOwnVisits(deps: PatientVisitsDeps, userId: string): Promise<PatientVisit[]> {
  return toPatientVisits(deps.db, await listVisitsOf(deps.db, await peopleInCareOf(deps.db, userId)));
}

/**
 * The patient withdraws a request while it waits or after a clinician claimed it (the clinician's page
 * is told); once the visit has started, it is the clinician who closes it.
 */
export async function cancelOwnVisit(deps: PatientVisitsDeps, patientId: string, visitId: string): Promise<PatientVisit> {
  await ownVisit(deps.db, patientId, visitId);
  const cancelled = await transitionVisit(deps.db, visitId, ['waiting', 'claimed'], {
    status: 'cancelled',
    cancelledBy: 'patient',
    cancelReason: null,
    endedAt: new Date(),
  });
  if (!cancelled) throw conflict(messages.visitNotCancellable);
  await announceVisit(deps.visitEvents, cancelled);
  const [answer] = await toPatientVisits(deps.db, [cancelled]);
  return answer!;
}
