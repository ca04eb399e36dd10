import {
  ADMIN_PAGE_SIZE,
  emailSearchSchema,
  messages,
  USER_SORT_FIELDS,
  type AdminUserPage,
  type SortDirection,
  type UserSortField,
} from '@app/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { Button, Card, LoadError, Pager, Spinner, StatList, TextField } from '../../../components/ui';
import { useValidatedForm } from '../../../lib/use-validated-form';
import { userAdminKeys, type UserListParams } from '../api/keys';
import { getUsers } from '../api/users';
import { UserCard } from './user-card';

const SORT_LABELS: Record<UserSortField, string> = {
  default: 'Default',
  email: 'Email',
  fullName: 'Full name',
  submittedDate: 'Submitted date',
  subscriptionStatus: 'Subscription status',
  subscriptionAmount: 'Subscription amount',
};

/** The Users list (docs/product.md, Admin dashboard): summary counts, e-mail search, sort, pages of collapsible user cards. */
export function UsersPanel() {
  const [params, setParams] = useState<UserListParams>({ email: null, page: 0, sortBy: 'default', sortDir: 'asc' });
  const users = useQuery({
    queryKey: userAdminKeys.list(params),
    queryFn: ({ signal }) => getUsers(params, signal),
    // The page on screen stays while the next one loads, so paging does not flash an empty list.
    placeholderData: keepPreviousData,
  });
  // docs/product.md, Admin dashboard: a new search or order starts again from the first page.
  const restart = (change: Partial<UserListParams>) => setParams((p) => ({ ...p, ...change, page: 0 }));
  const data = users.data;
  const totalPages = Math.max(data?.totalPages ?? 1, 1);

  return (
    <Card title="Users" level={2} headingId="admin-users-title" className="admin-users">
      {data && <UserCounts page={data} />}
      <div className="admin-users__controls">
        <SearchForm active={params.email} onSearch={(email) => restart({ email })} />
        <SortControls sortBy={params.sortBy} sortDir={params.sortDir} onChange={restart} />
      </div>
      {users.isError && <LoadError error={users.error} fallback={messages.usersLoadFailed} onRetry={() => void users.refetch()} />}
      {users.isPending && <Spinner label="Loading users…" />}
      {data && (
        <div className="admin-users__results" aria-busy={users.isPlaceholderData || undefined}>
          {data.content.length === 0 ? (
            <p className="admin-empty">{messages.noUsersFound}</p>
          ) : (
            <ol className="admin-users__list" aria-label="Users on this page">
              {data.content.map((user, i) => (
                <li key={user.id}>
                  <UserCard user={user} serial={params.page * ADMIN_PAGE_SIZE + i + 1} />
                </li>
              ))}
            </ol>
          )}
          <Pager label="Users pages" page={params.page} totalPages={totalPages} onPage={(page) => setParams((p) => ({ ...p, page }))} />
        </div>
      )}
    </Card>
  );
}

/**
 * The Users tab's counts; admins, active and verified cover the whole result, not just this page
 * (decision 018). A search matching more users than the server counts shows "1,000+" and says why the
 * rest is not counted (decision 026).
 */
function UserCounts({ page }: { page: AdminUserPage }) {
  const count = (value: number) => value.toLocaleString('en-US');
  const uncounted = '—';
  const counts = [
    ['Total users', page.countCapped ? `${count(page.totalElements)}+` : count(page.totalElements)],
    ['On this page', count(page.content.length)],
    ['Admins', page.summary ? count(page.summary.admins) : uncounted],
    ['Active subscriptions', page.summary ? count(page.summary.activeSubscriptions) : uncounted],
    ['Verified', page.summary ? count(page.summary.verified) : uncounted],
  ] as const;
  return (
    <>
      <StatList compact items={counts} />
      {page.countCapped && <p className="admin-users__capped">{messages.searchCountCapped(page.totalElements)}</p>}
    </>
  );
}

/** docs/product.md, Validation: the search is trimmed; under 3 characters it says so and the default list loads. */
function SearchForm({ active, onSearch }: { active: string | null; onSearch: (email: string | null) => void }) {
  const formRef = useRef<HTMLFormElement>(null);
  const form = useValidatedForm<{ email: string }>({
    initialValues: { email: active ?? '' },
    fieldOrder: ['email'],
    validateField: (_, values) => {
      const parsed = emailSearchSchema.safeParse(values.email);
      return parsed.success ? null : (parsed.error.issues[0]?.message ?? messages.searchTooShort);
    },
    formRef,
    fieldId: () => 'admin-search-email',
  });
  const text = form.values.email;

  function submit(event: FormEvent) {
    event.preventDefault();
    form.validateAll();
    const parsed = emailSearchSchema.safeParse(text);
    onSearch(parsed.success ? parsed.data : null);
  }

  function clear() {
    form.reset({ email: '' });
    onSearch(null);
  }

  return (
    <form ref={formRef} className="admin-search" role="search" aria-label="Users" onSubmit={submit} noValidate>
      <TextField
        {...form.textFieldProps('email')}
        label="Search by email"
        type="search"
        inputMode="email"
        autoComplete="off"
        spellCheck={false}
      />
      <div className="admin-search__buttons">
        <Button type="submit">Search</Button>
        {(active !== null || text) && (
          <Button variant="ghost" onClick={clear}>
            Clear
          </Button>
        )}
      </div>
    </form>
  );
}

function SortControls({
  sortBy,
  sortDir,
  onChange,
}: {
  sortBy: UserSortField;
  sortDir: SortDirection;
  onChange: (change: Partial<UserListParams>) => void;
}) {
  return (
    <div className="admin-sort">
      <div className="field">
        <label className="field__label" htmlFor="admin-sort-by">
          Sort by
        </label>
        <select id="admin-sort-by" className="input" value={sortBy} onChange={(e) => onChange({ sortBy: e.target.value as UserSortField })}>
          {USER_SORT_FIELDS.map((field) => (
            <option key={field} value={field}>
              {SORT_LABELS[field]}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label className="field__label" htmlFor="admin-sort-dir">
          Direction
        </label>
        <select
          id="admin-sort-dir"
          className="input"
          value={sortDir}
          onChange={(e) => onChange({ sortDir: e.target.value as SortDirection })}
        >
          <option value="asc">Ascending</option>
          <option value="desc">Descending</option>
        </select>
      </div>
    </div>
  );
}
