import { messages, TELEHEALTH_CONSENT_VERSION, type PatientVisit, type VisitRequest } from '@app/shared';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { DomainError, invalidField, notFound, conflict } from '../../lib/errors';
import { findUnusedVisitPayment, payForVisit, type CheckoutDeps } from '../billing';
import { latestVersion } from '../health-history';
import { findUserById, type UserRow } from '../users';
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
 * What pays for a visit now: an active monthly membership, or an active one-time visit not yet used
 * by a completed visit. Undefined when nothing does.
 */
async function coverageOf(db: Database, patient: UserRow) {
  if (patient.subscriptionStatus !== 'active' || !patient.subscriptionPlan) return undefined;
  if (patient.subscriptionPlan !== 'oneTimeVisit') return 'membership' as const;
  const since = patient.subscriptionStartDate ?? patient.createdAt;
  return (await countCompletedOneTimeVisits(db, patient.id, since)) === 0 ? ('one-time' as const) : undefined;
}

/**
 * What pays for this request: the membership or one-time visit, else a paid visit of this service that
 * no visit holds, else the card sent with the request, charged now (never when something else covers it).
 */
async function payerOf(
  deps: PatientVisitsDeps,
  patient: UserRow,
  request: Pick<VisitRequest, 'service' | 'payment'>,
  purchase: { key: string | undefined; ip: string },
) {
  const coverage = await coverageOf(deps.db, patient);
  if (coverage) return { coverage, paymentId: null };
  const unused = await findUnusedVisitPayment(deps.db, patient.id, request.service);
  if (unused) return { coverage: 'paid' as const, paymentId: unused };
  if (!request.payment) throw new DomainError('forbidden', messages.visitNeedsMembership, { needsPlan: true, needsPayment: true });
  const paymentId = await payForVisit(deps, patient.id, request.service, request.payment, purchase.key, purchase.ip);
  return { coverage: 'paid' as const, paymentId };
}

/**
 * Makes a visit request for the signed-in patient: covered by their membership or paid for by itself,
 * in a state a clinician is licensed in, one open request at a time. The consent's version, time and
 * address are kept with it. A payment made here that no visit ends up holding (the request lost a race)
 * pays for the patient's next request of that service.
 */
export async function requestVisit(
  deps: PatientVisitsDeps,
  patientId: string,
  input: VisitRequest,
  purchase: { key: string | undefined; ip: string },
): Promise<PatientVisit> {
  const patient = await findUserById(deps.db, patientId);
  if (!patient) throw notFound(messages.notFound);
  const open = await findOpenVisitOf(deps.db, patientId);
  if (open) throw openVisitConflict(open.id);
  // Checked before any charge: a request that cannot be made is never paid for.
  if (!(await someClinicianLicensedIn(deps.db, input.state)))
    throw invalidField('state', messages.noClinicianInState(deps.config.brand.supportPhone));
  const { coverage, paymentId } = await payerOf(deps, patient, input, purchase);

  const history = await latestVersion(deps.db, patientId);
  const now = new Date();
  let visit;
  try {
    visit = await insertVisit(deps.db, {
      patientId,
      requestedBy: patientId,
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

/** The patient's own visit, or 404: another patient's visit does not exist for them. */
/** The visit when it is the patient's own; else 404, as for a visit that does not exist. */
export function ownedBy(patientId: string, visit: VisitRow | undefined): VisitRow {
  if (!visit || visit.patientId !== patientId) throw notFound(messages.visitNotFound);
  return visit;
}

const ownVisit = async (db: Database, patientId: string, visitId: string) => ownedBy(patientId, await findVisit(db, visitId));

export async function readOwnVisit(deps: PatientVisitsDeps, patientId: string, visitId: string): Promise<PatientVisit> {
  const [answer] = await toPatientVisits(deps.db, [await ownVisit(deps.db, patientId, visitId)]);
  return answer!;
}

/** The patient's record: every visit, newest first, with its summary once signed. */
export async function listOwnVisits(deps: PatientVisitsDeps, patientId: string): Promise<PatientVisit[]> {
  return toPatientVisits(deps.db, await listVisitsOf(deps.db, patientId));
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
