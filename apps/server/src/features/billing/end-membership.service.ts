import type { Executor } from '../../db/client';
import { lockUser, updateUser } from '../users';
import { changeMembershipTerms } from './renewals.service';

/**
 * Ends the member's membership now, with no further charge, in turn with its renewals (decision 047):
 * refused while a renewal is charging, and the next charge cleared. A running membership is marked
 * cancelled today; one never paid for or already over keeps its status. `how` is recorded as the way it was cancelled.
 */
export async function endMembershipNow(tx: Executor, userId: string, how: string, now = new Date()) {
  const user = await lockUser(tx, userId);
  if (!user) return;
  const running = user.subscriptionStatus === 'active' || user.subscriptionStatus === 'past_due';
  const status = running ? 'cancelled' : user.subscriptionStatus;
  await changeMembershipTerms(tx, userId, { status, plan: user.subscriptionPlan, renewsAt: null });
  await updateUser(tx, userId, {
    subscriptionStatus: status,
    nextSubscriptionRenewDate: null,
    ...(running && { subscriptionEndDate: now, subscriptionCancelledDate: now, subscriptionMethodOfCancelling: how }),
  });
}
