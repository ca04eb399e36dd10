import { autoRenewalTerms } from '@app/shared';
import type { Database } from '../../db/client';
import { enqueueMails, type MailTemplates } from '../mail';
import { findPlan } from '../plans';
import { markRemindersDue } from './membership-terms.repository';

const BATCH = 500;

/**
 * Once a year each active member is e-mailed their membership, its price and how to cancel online.
 * Marking a member reminded and queueing the letter commit together, so each member gets one a year,
 * on any number of instances, and a crash sends none twice.
 */
export async function sendMembershipReminders(ctx: { db: Database; templates: MailTemplates; signal?: AbortSignal }, now = new Date()) {
  let reminded = 0;
  while (!ctx.signal?.aborted) {
    const count = await ctx.db.transaction(async (tx) => {
      const due = await markRemindersDue(tx, now, BATCH);
      await enqueueMails(
        tx,
        due.map((member) => {
          const plan = findPlan(member.plan);
          return ctx.templates.membershipReminder(member.email, member.firstName, { planTitle: plan.title, terms: autoRenewalTerms(plan) });
        }),
      );
      return due.length;
    });
    reminded += count;
    if (count < BATCH) break;
  }
  return reminded;
}
