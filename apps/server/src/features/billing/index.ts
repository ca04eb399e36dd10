export { runBillingJobs, runReconciliation, type BillingJobsDeps } from './reconciliation.service';
export { changeMembershipTerms, runRenewals, type RenewalSummary } from './renewals.service';
export { deleteAnsweredIdempotencyKeys, findUnusedVisitPayment } from './repository';
export { payForVisit, type CheckoutDeps } from './checkout.service';
export type { PaymentGateway } from './gateway';
