export { runBillingJobs, runReconciliation } from './reconciliation.service';
export { runRenewals } from './renewals.service';
export { deleteAnsweredIdempotencyKeys } from './repository';
