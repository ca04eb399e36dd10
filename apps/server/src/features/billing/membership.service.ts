import {
  fromMinorUnits,
  fromMinorUnitsOrNull,
  isActiveStatus,
  messages,
  toCentralIso,
  VISIT_SERVICES,
  visitPurchaseName,
  type Plan,
  type PlanId,
  type VisitService,
} from '@app/shared';
import type { Database } from '../../db/client';
import { forbidden } from '../../lib/errors';
import { findPlan } from '../plans';
import { findUserById, updateUser } from '../users';
import { listPayments, unusedVisitPayments } from './repository';

/** A user may act only on their own account; another id is refused before anything is read. */
export function ownAccount(auth: { userId: string }, userId: string) {
  if (auth.userId !== userId) throw forbidden(messages.notYourAccount);
}

/** PUT /api/users/{id}/planUpdate: the chosen plan, until a membership is active. */
export async function updatePlan(db: Database, auth: { userId: string }, userId: string, planId: Plan['id']) {
  ownAccount(auth, userId);
  const user = await findUserById(db, userId);
  if (!user) throw forbidden(messages.missingAccount);
  if (isActiveStatus(user.subscriptionStatus)) throw forbidden(messages.planChangeRefused);
  const plan = findPlan(planId);
  const saved = await updateUser(db, userId, {
    subscriptionPlan: plan.id,
    subscriptionAmountCents: plan.priceCents,
    subscriptionStatus: user.subscriptionStatus ?? 'pending',
  });
  return {
    message: messages.planSaved,
    subscriptionPlan: saved.subscriptionPlan,
    subscriptionAmount: fromMinorUnitsOrNull(saved.subscriptionAmountCents),
  };
}

export const isVisitService = (id: string): id is VisitService => (VISIT_SERVICES as readonly string[]).includes(id);

/** What a ledger row bought, by its plan id: a visit's service names the visit, a plan its title (a refund's is its payment's). */
export const purchaseTitle = (planId: string) => (isVisitService(planId) ? visitPurchaseName(planId) : findPlan(planId as PlanId).title);

/** The services of the visits a person paid for that no visit holds: a request of one of them is paid already. */
export async function unusedVisitsOf(db: Database, userId: string): Promise<{ services: VisitService[] }> {
  const services = (await unusedVisitPayments(db, userId)).map((payment) => payment.service).filter(isVisitService);
  return { services: [...new Set(services)] };
}

export async function paymentHistory(db: Database, userId: string) {
  const rows = await listPayments(db, userId);
  return rows.map((row) => ({
    id: row.id,
    date: toCentralIso(row.createdAt),
    planId: row.planId,
    planName: purchaseTitle(row.planId),
    kind: row.kind,
    amount: fromMinorUnits(row.amountCents),
    currency: row.currency,
    cardBrand: row.cardBrand,
    cardLast4: row.cardLast4,
    status: row.status,
    failureCode: row.failureCode,
  }));
}
