export { runBillingJobs, runReconciliation, type BillingJobsDeps } from './reconciliation.service';
export { changeMembershipTerms, runRenewals } from './renewals.service';
export { deleteAnsweredIdempotencyKeys } from './repository';
