import { runBillingJobs, type BillingJobsDeps, type RenewalSummary } from '../features/billing';
import { startSchedule } from './schedule';

/**
 * Runs the billing jobs (reconciliation, ended visits, renewals) at start and every `intervalMs` until
 * stopped (a stop ends a run after its current batch); `onRun` sees each run's renewals, or null for a run that failed.
 */
export const startBillingSchedule = (
  ctx: BillingJobsDeps,
  onRun: (summary: RenewalSummary | null) => void = () => undefined,
  intervalMs = 60_000,
) =>
  startSchedule(
    ctx.log,
    'billing',
    (signal) =>
      runBillingJobs({ ...ctx, signal }).then(onRun, (error: unknown) => {
        onRun(null);
        throw error;
      }),
    intervalMs,
  );
