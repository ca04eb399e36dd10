import type { AnalyticsSeriesQuery, SortDirection, UserSortField } from '@app/shared';
import type { ExpenseFilterValues } from './expenses';

/** What the Users list shows: the default list, or an e-mail search, on one page in one order. */
export interface UserListParams {
  /** A trimmed e-mail search of at least 3 characters, or null for the default list. */
  email: string | null;
  page: number;
  sortBy: UserSortField;
  sortDir: SortDirection;
}

/** The dashboard's query keys: every admin answer lives under ['admin'], so a save can refresh what it touched. */
export const adminKeys = {
  all: ['admin'] as const,
  me: ['admin', 'me'] as const,
  users: ['admin', 'users'] as const,
  userLists: ['admin', 'users', 'list'] as const,
  userList: (params: UserListParams) => ['admin', 'users', 'list', params] as const,
  userHistory: (id: string) => ['admin', 'users', 'history', id] as const,
  analytics: ['admin', 'analytics'] as const,
  analyticsSummary: ['admin', 'analytics', 'summary'] as const,
  analyticsSeries: (query: AnalyticsSeriesQuery) => ['admin', 'analytics', 'series', query] as const,
  expenses: ['admin', 'expenses'] as const,
  expenseLists: ['admin', 'expenses', 'list'] as const,
  expenseList: (filter: ExpenseFilterValues, page: number) => ['admin', 'expenses', 'list', filter, page] as const,
  exchangeRate: ['admin', 'expenses', 'exchange-rate'] as const,
  profit: (range: { from: string; to: string }) => ['admin', 'analytics', 'profit', range] as const,
};
