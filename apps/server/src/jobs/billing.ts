import type { AppContext } from '../context';
import { runBillingJobs } from '../features/billing';
import { startSchedule } from './schedule';

/** Runs the billing jobs (reconciliation, ended visits, renewals) at start and every `intervalMs` until stopped. */
export const startBillingSchedule = (ctx: AppContext, intervalMs = 60_000) =>
  startSchedule(ctx, 'billing', () => runBillingJobs(ctx), intervalMs);
