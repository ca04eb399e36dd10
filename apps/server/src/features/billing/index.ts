export { runBillingJobs, runReconciliation, type BillingJobsDeps } from './reconciliation.service';
export { runRenewals } from './renewals.service';
export { deleteAnsweredIdempotencyKeys } from './repository';
