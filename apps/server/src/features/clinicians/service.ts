import {
  CLINICIAN_ROLE,
  generateCustomerId,
  messages,
  type AdminClinician,
  type ClinicianInvite,
  type ClinicianSelf,
  type ClinicianUpdate,
} from '@app/shared';
import type { Database, Executor } from '../../db/client';
import type { AuditChange } from '../../db/schema';
import { isUniqueViolation } from '../../db/errors';
import { hashPassword, randomToken } from '../../lib/crypto';
import { conflict, forbidden, invalid, notFound } from '../../lib/errors';
import type { Limits } from '../../lib/limits';
import { recordAudit, recordReadOrRefuse, type AuditRequest } from '../audit';
import { revokeUserSessions } from '../auth';
import { queueMailToSend, type MailDelivery, type MailTemplates } from '../mail';
import { announceVisits, handBackVisitsOf, type VisitEvents } from '../visits';
import { consumeToken, findUserByEmail, insertUser, issueToken, updateUser } from '../users';
import {
  findClinician,
  findClinicianByNpi,
  insertClinician,
  listClinicians,
  updateClinician,
  type ClinicianWithAccount,
} from './repository';

/** What inviting a clinician uses: the accounts, the limit on invitations, and the invitation mail. */
interface InviteDeps {
  db: Database;
  limits: Limits;
  mail: MailDelivery;
  templates: MailTemplates;
}

const clinicianNotFound = () => notFound(messages.clinicianNotFound);
const fullName = (clinician: { firstName: string; lastName: string }) => `${clinician.firstName} ${clinician.lastName}`.trim();

/** A clinician as the admin dashboard shows them: no password, no token, nothing about patients. */
function toAdminClinician(row: ClinicianWithAccount): AdminClinician {
  return {
    id: row.userId,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    credentials: row.credentials,
    npi: row.npi,
    states: row.states,
    onDuty: row.onDuty,
    disabledAt: row.disabledAt?.toISOString() ?? null,
  };
}

/** Every clinician for an admin, recorded in the trail before it is answered; refused when the trail cannot be written. */
export async function readCliniciansAsAdmin(db: Database, audit: AuditRequest) {
  const rows = await listClinicians(db);
  const subjectUserIds = rows.map((row) => row.userId);
  await recordReadOrRefuse(db, { ...audit, status: 200, details: { count: rows.length, subjectUserIds } });
  return { clinicians: rows.map(toAdminClinician) };
}

/** Why an invitation cannot create its clinician: the e-mail or the NPI is someone else's already. */
async function takenBy(db: Executor, input: ClinicianInvite) {
  if (await findUserByEmail(db, input.email)) return conflict(messages.clinicianEmailTaken);
  if (await findClinicianByNpi(db, input.npi)) return conflict(messages.clinicianNpiTaken);
  return null;
}

/** A new invitation link (older ones stop working), queued in the caller's transaction. */
async function queueInvitation(tx: Executor, templates: MailTemplates, clinician: { userId: string; email: string; firstName: string }) {
  const token = await issueToken(tx, clinician.userId, 'clinician-invite');
  return queueMailToSend(tx, templates.clinicianInvitation(clinician.email, clinician.firstName, token));
}

/**
 * An admin's invitation: the account (clinician role, verified because the admin vouches for the
 * address, a random password nobody knows until the link sets one), the licence, off duty, and the
 * mail with the link, all committed together with the audit row. An e-mail that already has an
 * account is refused: an invitation never turns a patient or an admin into a clinician.
 */
export async function inviteClinician(ctx: InviteDeps, input: ClinicianInvite, audit: AuditRequest) {
  const refusal = await takenBy(ctx.db, input);
  if (refusal) throw refusal;
  const passwordHash = await hashPassword(randomToken());
  const states = [...new Set(input.states)];
  let invited;
  try {
    invited = await ctx.db.transaction(async (tx) => {
      const user = await insertUser(tx, {
        email: input.email,
        firstName: input.firstName,
        lastName: input.lastName,
        passwordHash,
        roles: [CLINICIAN_ROLE],
        verified: true,
        emailVerifiedAt: new Date(),
        customerId: generateCustomerId(),
      });
      const clinician = await insertClinician(tx, {
        userId: user.id,
        credentials: input.credentials,
        npi: input.npi,
        states,
        onDuty: false,
      });
      const mail = await queueInvitation(tx, ctx.templates, { userId: user.id, email: user.email, firstName: user.firstName });
      await recordAudit(tx, {
        ...audit,
        subjectUserId: user.id,
        status: 201,
        details: { credentials: input.credentials, states },
      });
      return { clinician: { ...clinician, email: user.email, firstName: user.firstName, lastName: user.lastName }, mail };
    });
  } catch (error) {
    // Another invitation took the e-mail or the NPI between the check and the insert.
    if (isUniqueViolation(error)) throw (await takenBy(ctx.db, input)) ?? error;
    throw error;
  }
  void ctx.mail.send(invited.mail);
  return { clinician: toAdminClinician(invited.clinician), message: messages.clinicianInvited(invited.clinician.email) };
}

/** A new invitation to a clinician, the earlier link cancelled: at most a few per clinician per hour. */
export async function resendInvitation(ctx: InviteDeps, id: string) {
  const clinician = await findClinician(ctx.db, id);
  if (!clinician) throw clinicianNotFound();
  await ctx.limits.consume('clinicianInvitePerUser', id);
  const mail = await ctx.db.transaction((tx) => queueInvitation(tx, ctx.templates, clinician));
  void ctx.mail.send(mail);
  return { message: messages.clinicianInvitationResent };
}

/**
 * The invitation's link spent to set the clinician's password, in one statement so a link works once.
 * A used, expired or unknown link changes nothing.
 */
export async function acceptInvitation(db: Database, input: { token: string; newPassword: string }) {
  const passwordHash = await hashPassword(input.newPassword);
  const accepted = await db.transaction(async (tx) => {
    const userId = await consumeToken(tx, input.token, 'clinician-invite');
    if (!userId) return false;
    await updateUser(tx, userId, { passwordHash });
    await revokeUserSessions(tx, userId);
    return true;
  });
  if (!accepted) throw invalid(messages.clinicianInvitationInvalid);
  return { message: messages.clinicianInvitationAccepted };
}

/** The fields whose value differs, before and after, for the audit row. */
function changesBetween(before: AdminClinician, after: AdminClinician): AuditChange[] {
  return (['credentials', 'states', 'onDuty', 'disabledAt'] as const)
    .filter((field) => JSON.stringify(before[field]) !== JSON.stringify(after[field]))
    .map((field) => ({ field, before: before[field], after: after[field] }));
}

/**
 * A change to one clinician, made under the row's lock with its audit row in the same transaction:
 * `change` returns the columns to set, and may do more in the transaction (end the sessions).
 */
async function changeClinician(
  db: Database,
  id: string,
  audit: AuditRequest,
  change: (tx: Executor, before: ClinicianWithAccount) => Partial<ClinicianWithAccount> | Promise<Partial<ClinicianWithAccount>>,
): Promise<AdminClinician> {
  return db.transaction(async (tx) => {
    const before = await findClinician(tx, id, true);
    if (!before) throw clinicianNotFound();
    const columns = await change(tx, before);
    const updated = await updateClinician(tx, id, columns);
    const after = toAdminClinician({ ...before, ...updated });
    await recordAudit(tx, { ...audit, status: 200, details: { changes: changesBetween(toAdminClinician(before), after) } });
    return after;
  });
}

/** An admin's edit of a clinician's licence: the credentials and the states, each state once. */
export async function updateClinicianAsAdmin(db: Database, id: string, input: ClinicianUpdate, audit: AuditRequest) {
  const clinician = await changeClinician(db, id, audit, () => ({
    credentials: input.credentials,
    states: [...new Set(input.states)],
  }));
  return { clinician, message: messages.clinicianSaved(fullName(clinician)) };
}

/**
 * Turns a clinician's access off: off duty, signed out everywhere at once, and refused at sign-in and
 * on the clinic's routes until enabled again. The one place a clinician is turned off: whatever else
 * must stop with them belongs in this transaction. Disabling a disabled clinician keeps the first date.
 */
export async function disableClinician(deps: { db: Database; visitEvents: VisitEvents }, id: string, audit: AuditRequest) {
  let handedBack: Awaited<ReturnType<typeof handBackVisitsOf>> = [];
  const clinician = await changeClinician(deps.db, id, audit, async (tx, before) => {
    await revokeUserSessions(tx, id);
    // Their patients go back to the queue with the same commit, so no visit waits on someone who cannot sign in.
    handedBack = await handBackVisitsOf(tx, id);
    return { onDuty: false, disabledAt: before.disabledAt ?? new Date() };
  });
  await announceVisits(deps.visitEvents, handedBack);
  return { clinician, message: messages.clinicianAccessOff(fullName(clinician)) };
}

/** Gives a disabled clinician their access back; they sign in again and start off duty. */
export async function enableClinician(db: Database, id: string, audit: AuditRequest) {
  const clinician = await changeClinician(db, id, audit, () => ({ disabledAt: null }));
  return { clinician, message: messages.clinicianAccessOn(fullName(clinician)) };
}

/** The signed-in clinician's own row: refused (403) when an admin turned their access off. */
async function activeClinician(db: Executor, userId: string, lock = false) {
  const clinician = await findClinician(db, userId, lock);
  if (!clinician || clinician.disabledAt) throw forbidden(messages.clinicianDisabled);
  return clinician;
}

const toSelf = (row: ClinicianWithAccount): ClinicianSelf => ({
  firstName: row.firstName,
  lastName: row.lastName,
  credentials: row.credentials,
  npi: row.npi,
  states: row.states,
  onDuty: row.onDuty,
});

/** The clinic page's header: who the clinician is, their licence and whether they are on duty. */
export async function readOwnClinician(db: Database, userId: string): Promise<ClinicianSelf> {
  return toSelf(await activeClinician(db, userId));
}

/** Going on or off duty: only an active clinician, whose row is locked against a disable in between. */
export async function setOwnDuty(db: Database, userId: string, onDuty: boolean): Promise<ClinicianSelf> {
  return db.transaction(async (tx) => {
    const clinician = await activeClinician(tx, userId, true);
    const updated = await updateClinician(tx, userId, { onDuty });
    return toSelf({ ...clinician, ...updated });
  });
}
