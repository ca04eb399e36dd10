import type { Config } from '../../config';
import type { Database } from '../../db/client';
import type { Log } from '../../lib/logging';
import type { MailDelivery, MailTemplates } from '../mail';
import type { PaymentGateway } from './gateway';
import { askGateway, RECONCILE_LEASE_MS, settleClaimedCheckout } from './checkout.service';
import { settleClaimedRefund } from './refunds.service';
import { runRenewals, settleRenewal } from './renewals.service';
import { claimPendingPayments, expireEndedVisits } from './repository';
import { sendMembershipReminders } from './membership-reminders.service';

const BATCH = 100;

/** What the billing jobs use: settling checkouts and renewals, running renewals, a log, and when an attempt counts as stuck. */
export interface BillingJobsDeps {
  db: Database;
  gateway: PaymentGateway;
  mail: MailDelivery;
  templates: MailTemplates;
  log: Log;
  config: Pick<Config, 'reconcileAfterMs'>;
  /** Aborted when the server stops: the jobs end after the batch in hand. */
  signal?: AbortSignal;
}

/**
 * Settles every payment attempt still pending `olderThanMs` after it was recorded (its request or
 * renewal run died between the gateway call and the commit) with what the gateway says happened.
 * Rows are claimed with SKIP LOCKED and a lease, so instances running this together split the work.
 */
export async function runReconciliation(
  ctx: BillingJobsDeps,
  { now = new Date(), olderThanMs = ctx.config.reconcileAfterMs } = {},
): Promise<number> {
  let settled = 0;
  while (!ctx.signal?.aborted) {
    const batch = await claimPendingPayments(ctx.db, now, RECONCILE_LEASE_MS, {
      olderThan: new Date(now.getTime() - olderThanMs),
      limit: BATCH,
    });
    if (batch.length === 0) return settled;
    for (const payment of batch) {
      try {
        if (payment.kind === 'renewal') await settleRenewal(ctx, payment, await askGateway(ctx, payment), now);
        else if (payment.kind === 'refund') await settleClaimedRefund(ctx, payment);
        else await settleClaimedCheckout(ctx, payment);
        settled += 1;
      } catch (error) {
        // The lease runs out and a later run tries again.
        ctx.log.error({ err: error, paymentId: payment.id }, 'reconciling a payment failed');
      }
    }
  }
  return settled;
}

/** Reconciliation first (it may settle a renewal the renewal run would otherwise skip), then visits that ended, then renewals. */
export async function runBillingJobs(ctx: BillingJobsDeps, now = new Date()) {
  await runReconciliation(ctx, { now });
  await expireEndedVisits(ctx.db, now);
  await sendMembershipReminders(ctx, now);
  return runRenewals(ctx, now);
}
