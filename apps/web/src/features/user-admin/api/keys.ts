import type { SortDirection, UserSortField } from '@app/shared';

/** What the Users list shows: the default list, or an e-mail search, on one page in one order. */
export interface UserListParams {
  /** A trimmed e-mail search of at least 3 characters, or null for the default list. */
  email: string | null;
  page: number;
  sortBy: UserSortField;
  sortDir: SortDirection;
}

/** The query keys of the users' answers: all under ['user-admin'], so a save can refresh what it touched. */
export const userAdminKeys = {
  all: ['user-admin'] as const,
  lists: ['user-admin', 'list'] as const,
  list: (params: UserListParams) => ['user-admin', 'list', params] as const,
  history: (id: string) => ['user-admin', 'history', id] as const,
};
