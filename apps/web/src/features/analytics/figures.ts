/**
 * What each business figure is called and means: one definition per figure, used by the headline, the
 * charts, their tables and the profit panel alike (decisions 019, 020 and 077).
 */
export const FIGURES = {
  totalUsers: {
    label: 'Total users',
    definition: 'Total users: every account — patients, clinicians and admins, verified or not.',
  },
  activeSubscriptions: {
    label: 'Active subscriptions',
    definition:
      'Active subscriptions: every membership active now — monthly plans, and one-time visits within their 30 days. Over time, a membership counts on the days its payment covers.',
  },
  revenueMonthly: {
    label: 'Monthly recurring revenue',
    definition:
      'Monthly recurring revenue: the monthly price of every active monthly membership now. Over time, at the end of each period: each membership counts for the 30 days its payment covers. One-time visits are not recurring.',
  },
  signupsLast7: {
    label: 'Sign-ups, last 7 days',
    definition: 'Sign-ups, last 7 days: accounts created in the last 7 × 24 hours, compared with the 7 × 24 hours before.',
  },
  signups: { label: 'Sign-ups', definition: 'Sign-ups: accounts created in the period.' },
  newMemberships: {
    label: 'New memberships',
    definition: 'New memberships: memberships bought in the period, one-time visits included; a renewal is not new.',
  },
  endedMemberships: {
    label: 'Ended memberships',
    definition: 'Ended memberships: memberships cancelled or expired in the period.',
  },
  cashCollected: {
    label: 'Cash collected',
    definition: 'Cash collected: every card payment that succeeded in the period — memberships, renewals and visits — less refunds.',
  },
  expensesUsd: {
    label: 'Expenses',
    definition: 'Expenses: what was spent in the month, in US dollars at the rate each expense was saved with.',
  },
  net: { label: 'Net', definition: 'Net: cash collected less expenses.' },
  margin: { label: 'Margin', definition: 'Margin: net as a share of cash collected.' },
} as const;

/** Net as a share of cash, e.g. '12.5%'; none when no cash came in. */
export function formatMargin(net: number, cash: number): string {
  if (cash === 0) return '—';
  return `${((net / cash) * 100).toFixed(1)}%`;
}
