import type { PlanId, SortDirection, SubscriptionStatus, UserSortField } from '@app/shared';

/** What the Members table shows: a search and filters, on one page of a size, in one order. */
export interface UserListParams {
  /** A trimmed search of at least 3 characters (name, e-mail or customer id), or null for everyone. */
  q: string | null;
  status: SubscriptionStatus | null;
  plan: PlanId | null;
  verified: boolean | null;
  page: number;
  size: number;
  sortBy: UserSortField;
  sortDir: SortDirection;
}

/** The query keys of the users' answers: all under ['user-admin'], so a save can refresh what it touched. */
export const userAdminKeys = {
  all: ['user-admin'] as const,
  lists: ['user-admin', 'list'] as const,
  list: (params: UserListParams) => ['user-admin', 'list', params] as const,
  member: (id: string) => ['user-admin', 'member', id] as const,
  history: (id: string) => ['user-admin', 'history', id] as const,
  membership: (id: string) => ['user-admin', 'membership', id] as const,
};
