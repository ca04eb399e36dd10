import type { AdminUser, AdminUserPage, AnalyticsSeries, Expense, ExpensePage } from '@app/shared';
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

const summary = { totalUsers: 1234, activeSubscriptions: 321, revenueMonthly: 12345.5, signupsLast7: 17 };

const series: AnalyticsSeries = {
  interval: 'day',
  from: '2026-11-01',
  to: '2026-11-02',
  buckets: [
    { start: '2026-11-01', signups: 3, newMemberships: 2, endedMemberships: 0, revenueMonthly: 1000, cashCollected: 89.98 },
    { start: '2026-11-02', signups: 5, newMemberships: 1, endedMemberships: 1, revenueMonthly: 1029.99, cashCollected: 29.99 },
  ],
};

/** An expense as GET /api/admin/expenses answers it (docs/product.md, Data). */
export function expense(overrides: Partial<Expense> = {}): Expense {
  return {
    id: '0b9f6f1e-6c1a-4f0e-9a57-5d0c1c1e0001',
    title: 'Clinic rent',
    description: 'November',
    originalCurrency: 'INR',
    originalAmount: 8300,
    amountUsd: 100,
    amountInr: 8300,
    exchangeRate: 83,
    spentAt: { seconds: 1_793_632_500, nanos: 0 },
    createdAt: { seconds: 1_793_632_500, nanos: 0 },
    updatedAt: { seconds: 1_793_632_500, nanos: 0 },
    createdBy: 'boss@example.com',
    fileUrl: null,
    fileName: null,
    fileContentType: null,
    fileSize: null,
    downloadUrl: null,
    ...overrides,
  };
}

export function expensePage(content: Expense[], totals = { usd: 1234.5, inr: 102463.5 }, totalElements = content.length): ExpensePage {
  return { content, totalElements, totalPages: Math.max(1, Math.ceil(totalElements / 10)), totals };
}

const exchangeRate = { inrPerUsd: 83, effectiveFrom: null, setBy: null };
const profit = {
  months: [
    { month: '2026-10', revenueMonthly: 1000, cashCollected: 900, expensesUsd: 400, net: 500 },
    { month: '2026-11', revenueMonthly: 1100, cashCollected: 300, expensesUsd: 450.25, net: -150.25 },
  ],
};

const adminMe = {
  user: { id: 'admin-1', email: 'boss@example.com', firstName: 'Bo', lastName: 'Ss', fullName: 'Bo Ss', roles: ['ROLE_ADMIN'] },
};

/** A signed-in admin's session and a server answering every dashboard call with these fixtures, unless `handlers` say otherwise. */
export function dashboardApi(handlers: Parameters<typeof mockApi>[0] = {}) {
  window.sessionStorage.setItem('authToken', 'token');
  window.sessionStorage.setItem('authUser', JSON.stringify({ email: adminMe.user.email, verified: true }));
  return mockApi({
    'GET /api/admin/me': json(200, adminMe),
    'GET /api/admin/all': json(200, userPage([adminUser()])),
    'GET /api/admin/analytics/summary': json(200, summary),
    'GET /api/admin/analytics/series': json(200, series),
    'GET /api/admin/users/u-1/audit': json(200, { content: [], totalPages: 0, totalElements: 0 }),
    'GET /api/admin/expenses': json(200, expensePage([])),
    'GET /api/admin/expenses/exchange-rate': json(200, exchangeRate),
    'GET /api/admin/analytics/profit': json(200, profit),
    ...handlers,
  });
}
