import { runBillingJobs, type BillingJobsDeps } from '../features/billing';
import { startSchedule } from './schedule';

/** Runs the billing jobs (reconciliation, ended visits, renewals) at start and every `intervalMs` until stopped. */
export const startBillingSchedule = (ctx: BillingJobsDeps, intervalMs = 60_000) =>
  startSchedule(ctx.log, 'billing', () => runBillingJobs(ctx), intervalMs);
