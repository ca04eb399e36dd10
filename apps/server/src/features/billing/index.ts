export { runBillingJobs, runReconciliation, type BillingJobsDeps } from './reconciliation.service';
export { changeMembershipTerms, runRenewals, type RenewalSummary } from './renewals.service';
export { deleteAnsweredIdempotencyKeys } from './repository';
export type { PaymentGateway } from './gateway';
