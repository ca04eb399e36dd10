import {
  FIELDS_NEEDING_REASON,
  toMinorUnits,
  messages,
  type AdminUser,
  type AdminUserListQuery,
  type AdminUserPage,
  type AdminUserSearchQuery,
  type AdminUserUpdate,
} from '@app/shared';
import type { Database } from '../../db/client';
import type { AuditChange } from '../../db/schema';
import { invalidField, notFound, conflict } from '../../lib/errors';
import type { Limits } from '../../lib/limits';
import { isUniqueViolation } from '../../db/errors';
import { recordAudit, recordReadOrRefuse, userHistory, type AuditEntry, type AuditRequest } from '../audit';
import { mailResetLink, revokeUserSessions } from '../auth';
import { changeMembershipTerms } from '../billing';
import { queueMailToSend, type MailDelivery, type MailTemplates, type QueuedMail } from '../mail';
import { billingColumnsOf, deleteUnusedTokens, findUserById, lockUser, updateUser, type NewUser, type UserRow } from '../users';
import { toAdminUser } from './admin-user';
import { countUsers, isEmailTakenByAnother, lockAdmins, pageOfUsers, type UserFilter } from './repository';

const ADMIN = 'ROLE_ADMIN';
const userNotFound = () => notFound(messages.notFound);

/**
 * A page of users and the counts of the whole filtered result (decision 018), read in one snapshot
 * so the counts and the page agree. A page past the end is empty. A search matching more than
 * USER_SEARCH_COUNT_LIMIT users says so instead of counting them, and its pages stop there (decision 026).
 */
async function listUsers(db: Database, query: AdminUserListQuery | AdminUserSearchQuery): Promise<AdminUserPage> {
  const filter: UserFilter =
    'email' in query ? { email: query.email } : { q: query.q, status: query.status, plan: query.plan, verified: query.verified };
  return db.transaction(
    async (tx) => {
      const counts = await countUsers(tx, filter);
      const rows = await pageOfUsers(tx, {
        filter,
        sortBy: query.sortBy,
        sortDir: query.sortDir,
        offset: query.page * query.size,
        limit: query.size,
        counts,
      });
      return {
        content: rows.map(toAdminUser),
        totalPages: Math.ceil(counts.total / query.size),
        totalElements: counts.total,
        countCapped: counts.capped,
        summary: counts.capped
          ? null
          : { admins: counts.admins, activeSubscriptions: counts.activeSubscriptions, verified: counts.verified },
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/**
 * A page of users for an admin, recorded in the trail before it is answered: the query, how many
 * users it showed and their ids (sealed with the row's details). Refused when the trail cannot be written.
 */
export async function readUsersAsAdmin(
  db: Database,
  query: AdminUserListQuery | AdminUserSearchQuery,
  audit: AuditRequest,
): Promise<AdminUserPage> {
  const page = await listUsers(db, query);
  const subjectUserIds = page.content.map((user) => user.id);
  await recordReadOrRefuse(db, { ...audit, status: 200, details: { ...query, count: subjectUserIds.length, subjectUserIds } });
  return page;
}

/** One user for an admin, recorded in the trail before it is answered; refused when the trail cannot be written. */
export async function readUserAsAdmin(db: Database, id: string, audit: AuditRequest): Promise<AdminUser> {
  const user = await findUserById(db, id);
  if (!user) throw userNotFound();
  await recordReadOrRefuse(db, { ...audit, subjectUserId: id, status: 200, details: null });
  return toAdminUser(user);
}

/** A user's history for an admin, recorded in the trail before it is answered; refused when the trail cannot be written. */
export async function readUserHistoryAsAdmin(db: Database, id: string, page: number, size: number, audit: AuditRequest) {
  const history = await userHistory(db, id, page, size);
  await recordReadOrRefuse(db, { ...audit, subjectUserId: id, status: 200, details: { page, size, count: history.content.length } });
  return history;
}

/** The stored columns an admin's edit sets; everything else (id, origin, card, timeline) is never written from a request. */
function columnsOf(input: AdminUserUpdate, before: UserRow): Partial<NewUser> {
  const sameRoles = [...input.roles].sort().join() === [...before.roles].sort().join();
  return {
    email: input.email,
    firstName: input.firstName,
    lastName: input.lastName,
    // The same set in another order is no change.
    roles: sameRoles ? before.roles : input.roles,
    customerPhone: input.customerPhone,
    dob: input.dob,
    zip: input.zip,
    symptoms: input.symptoms,
    subscriptionStatus: input.subscriptionStatus,
    subscriptionPlan: input.subscriptionPlan,
    subscriptionAmountCents: input.subscriptionAmount === null ? null : toMinorUnits(input.subscriptionAmount),
    methodOfSubscription: input.methodOfSubscription,
    subscriptionMethodOfCancelling: input.subscriptionMethodOfCancelling,
    customerState: input.customerState,
    customerCountry: input.customerCountry,
    verified: input.verified,
    emailVerifiedAt: input.verified ? (before.emailVerifiedAt ?? new Date()) : null,
    smsPolicyAccepted: input.smsPolicyAccepted,
    ...billingColumnsOf(input.billingAddress),
  };
}

// Shown fields computed from others: their change is already recorded under the fields they come from.
const DERIVED_FIELDS = new Set<keyof AdminUser>(['fullName', 'emailVerificationStat']);

/** The fields whose admin view differs, with both values as the admin API shows them. */
function changesBetween(before: AdminUser, after: AdminUser): AuditChange[] {
  return (Object.keys(after) as (keyof AdminUser)[])
    .filter((field) => !DERIVED_FIELDS.has(field) && JSON.stringify(before[field]) !== JSON.stringify(after[field]))
    .map((field) => ({ field, before: before[field], after: after[field] }));
}

const SESSION_FIELDS = new Set(['email', 'roles', 'verified']);
const MEMBERSHIP_FIELDS = new Set(['subscriptionStatus', 'subscriptionPlan', 'subscriptionAmount']);
const isAdmin = (roles: string[]) => roles.includes(ADMIN);

/** What an admin's edit of a user uses: the accounts, and the mail telling both addresses of a new e-mail. */
interface UserEditDeps {
  db: Database;
  mail: MailDelivery;
  templates: MailTemplates;
}

/**
 * An admin's edit of a user (docs/product.md, Validation; decision 018): the admin keeps their own admin role, the
 * last admin stays one, a change of roles, subscription or amount carries a reason and waits its turn
 * with the membership's renewals (refused while one is charging). A change of
 * e-mail, roles or verification ends the user's sessions (all but the admin's own when editing
 * themself). A change of e-mail also cancels every link mailed to the old address and tells both
 * addresses. The audit row with every change's before and after commits in the same transaction.
 */
export async function updateUserAsAdmin(
  ctx: UserEditDeps,
  admin: { userId: string; sessionId: string },
  id: string,
  input: AdminUserUpdate,
  audit: Omit<AuditEntry, 'status' | 'details'>,
): Promise<AdminUser> {
  const { db } = ctx;
  // Demoting an admin takes every admin's lock before the user's, in id order, so two demotions
  // at once queue instead of deadlocking, and the second sees the first.
  const unlocked = await findUserById(db, id);
  if (!unlocked) throw userNotFound();
  const demotes = (roles: string[]) => isAdmin(roles) && !isAdmin(input.roles);
  let edited: { user: AdminUser; notices: QueuedMail[] };
  try {
    edited = await db.transaction(async (tx) => {
      let admins = demotes(unlocked.roles) ? await lockAdmins(tx) : null;
      const before = await lockUser(tx, id);
      if (!before) throw userNotFound();
      if (input.email !== before.email && (await isEmailTakenByAnother(tx, input.email, id))) throw conflict(messages.emailTakenByAnother);
      if (demotes(before.roles)) {
        if (id === admin.userId) throw conflict(messages.cannotRemoveOwnAdmin);
        admins ??= await lockAdmins(tx);
        if (!admins.some((adminId) => adminId !== id)) throw conflict(messages.lastAdminStays);
      }
      const columns = columnsOf(input, before);
      const beforeView = toAdminUser(before);
      const changes = changesBetween(beforeView, toAdminUser({ ...before, ...columns }));
      const changed = new Set(changes.map((change) => change.field));
      if (!input.reason && FIELDS_NEEDING_REASON.some((field) => changed.has(field))) {
        throw invalidField('reason', messages.changeReasonRequired);
      }
      if ([...changed].some((field) => MEMBERSHIP_FIELDS.has(field))) {
        // Serialised with the membership's renewals: refused while one is charging; a cancel clears the next charge.
        await changeMembershipTerms(tx, id, {
          status: columns.subscriptionStatus ?? null,
          plan: columns.subscriptionPlan ?? null,
          renewsAt: columns.nextSubscriptionRenewDate ?? before.nextSubscriptionRenewDate,
        });
      }
      const updated = await updateUser(tx, id, columns);
      if ([...changed].some((field) => SESSION_FIELDS.has(field))) {
        await revokeUserSessions(tx, id, id === admin.userId ? admin.sessionId : undefined);
      }
      const notices: QueuedMail[] = [];
      if (changed.has('email')) {
        // A reset, verification or sign-in link sent before belongs to the old address: none may act on the new one.
        await deleteUnusedTokens(tx, id);
        notices.push(
          await queueMailToSend(tx, ctx.templates.emailChanged(before.email, updated.firstName, 'was')),
          await queueMailToSend(tx, ctx.templates.emailChanged(updated.email, updated.firstName, 'is')),
        );
      }
      await recordAudit(tx, { ...audit, status: 200, details: { reason: input.reason, changes } });
      return { user: toAdminUser(updated), notices };
    });
  } catch (error) {
    // Another account took the e-mail between the check and the update.
    if (isUniqueViolation(error)) throw conflict(messages.emailTakenByAnother);
    throw error;
  }
  for (const notice of edited.notices) void ctx.mail.send(notice);
  return edited.user;
}

/** What an admin's reset of a user's password uses: the accounts, the limit on resets and the reset mail. */
interface PasswordResetDeps {
  db: Database;
  limits: Limits;
  mail: MailDelivery;
  templates: MailTemplates;
}

/** The normal reset e-mail, sent by an admin: at most a few per user per hour. */
export async function sendPasswordResetAsAdmin(ctx: PasswordResetDeps, id: string) {
  const user = await findUserById(ctx.db, id);
  if (!user) throw userNotFound();
  await ctx.limits.consume('adminPasswordResetPerUser', id);
  await mailResetLink(ctx, user);
  return { message: messages.passwordResetInitiated };
}
