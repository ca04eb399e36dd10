export { MembershipCard } from './components/membership-card';
export { useRequestPaidVisit } from './api/request-paid-visit';
export { useUnusedVisits } from './api/unused-visits';
export { useVisitPayment, VisitPaymentFields } from './use-visit-payment';
export { UserPayments } from './components/user-payments';
