import type { AdminUser, AdminUserPage } from '@app/shared';
import { json, mockApi } from '../../../test/helpers';

/** A user as GET /api/admin/all answers it, with every field (docs/product.md, Data). */
export function adminUser(overrides: Partial<AdminUser> = {}): AdminUser {
  return {
    id: 'u-1',
    email: 'ada@example.com',
    firstName: 'Ada',
    lastName: 'Lovelace',
    fullName: 'Ada Lovelace',
    roles: ['ROLE_USER'],
    customerPhone: '3145550111',
    dob: '1980-12-10',
    zip: '63103',
    symptoms: null,
    subscriptionStatus: 'active',
    subscriptionPlan: 'familyMonthly',
    subscriptionAmount: 49.99,
    methodOfSubscription: 'card',
    subscriptionMethodOfCancelling: null,
    customerState: 'MO',
    customerCountry: 'US',
    customerId: 'cus_1',
    customerIp: '203.0.113.7',
    submittedDate: '2026-11-02',
    submittedLocalTime: '09:15:00',
    verified: true,
    smsPolicyAccepted: true,
    emailVerificationStat: 'verified',
    billingAddress: { street: '1 Main St', city: 'St. Louis', state: 'MO', zip: '63103', country: 'US' },
    cardDetails: { cardholderName: 'Ada Lovelace', last4: '4242', expiry: '12/29', brand: 'visa' },
    cardName: 'Ada Lovelace',
    cardExpiry: '12/29',
    lastFourDigitsOfCard: '4242',
    submittedAt: { seconds: 1_793_632_500, nanos: 0 },
    subscriptionStartDate: { seconds: 1_793_632_500, nanos: 0 },
    nextSubscriptionRenewDate: null,
    subscriptionEndDate: null,
    subscriptionCancelledDate: null,
    disabledAt: null,
    ...overrides,
  };
}

export function userPage(
  content: AdminUser[],
  totalElements = content.length,
  totalPages = Math.max(1, Math.ceil(totalElements / 10)),
): AdminUserPage {
  return {
    content,
    totalElements,
    totalPages,
    countCapped: false,
    summary: {
      admins: content.filter((u) => u.roles.includes('ROLE_ADMIN')).length,
      activeSubscriptions: content.filter((u) => u.subscriptionStatus === 'active').length,
      verified: content.filter((u) => u.verified).length,
    },
  };
}

/** What the server answers the Members sections by default: one page of one user, that user, and an empty history. */
export const userAdminAnswers = () => ({
  'GET /api/admin/all': json(200, userPage([adminUser()])),
  'GET /api/admin/users/u-1': json(200, adminUser()),
  'GET /api/admin/users/u-1/audit': json(200, { content: [], totalPages: 0, totalElements: 0 }),
  'GET /api/admin/users/u-1/membership': json(200, { terms: { cancellation: null, planChange: null }, consents: [] }),
  'GET /api/admin/users/u-1/payments': json(200, []),
});

/** A server answering the Users sections with these fixtures, unless `handlers` say otherwise. */
export const userAdminApi = (handlers: Parameters<typeof mockApi>[0] = {}) => mockApi({ ...userAdminAnswers(), ...handlers });
