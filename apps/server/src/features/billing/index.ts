export { runBillingJobs, runReconciliation, type BillingJobsDeps } from './reconciliation.service';
export { changeMembershipTerms, runRenewals, type RenewalSummary } from './renewals.service';
export { deleteAnsweredIdempotencyKeys, findUnusedVisitPayment } from './repository';
export { payForVisit, type CheckoutDeps } from './checkout.service';
export { endMembershipNow } from './end-membership.service';
export { paymentHistory } from './membership.service';
export type { PaymentGateway } from './gateway';
export { cancelMembership, keepMembership, membershipTerms, purchaseConsents } from './membership-terms.service';
export { adminBillingRoutes } from './admin.routes';
