import {
  emailSearchSchema,
  formatCentralDate,
  fromTimestamp,
  MEMBER_PAGE_SIZES,
  messages,
  PLAN_IDS,
  SUBSCRIPTION_STATUSES,
  USER_SORT_FIELDS,
  type AdminUser,
  type AdminUserPage,
  type PlanId,
  type SortDirection,
  type SubscriptionStatus,
  type UserSortField,
} from '@app/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useRef, type FormEvent } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { Button, Card, LoadError, Pager, SelectField, Spinner, StatList, TextField } from '../../../components/ui';
import { formatDollars, humanize } from '../../../lib/format';
import { useValidatedForm } from '../../../lib/use-validated-form';
import { userAdminKeys, type UserListParams } from '../api/keys';
import { getUsers } from '../api/users';
import { displayName } from '../member-name';

const SORT_LABELS: Record<UserSortField, string> = {
  default: 'Default',
  email: 'Email',
  fullName: 'Full name',
  submittedDate: 'Submitted date',
  subscriptionStatus: 'Subscription status',
  subscriptionAmount: 'Subscription amount',
};

const statusOptions = [{ value: '', label: 'All statuses' }, ...SUBSCRIPTION_STATUSES.map((s) => ({ value: s, label: humanize(s) }))];
const planOptions = [{ value: '', label: 'All plans' }, ...PLAN_IDS.map((p) => ({ value: p, label: humanize(p) }))];
const verifiedOptions = [
  { value: '', label: 'All' },
  { value: 'true', label: 'Verified' },
  { value: 'false', label: 'Not verified' },
];
const sortOptions = USER_SORT_FIELDS.map((field) => ({ value: field, label: SORT_LABELS[field] }));
const directionOptions = [
  { value: 'asc', label: 'Ascending' },
  { value: 'desc', label: 'Descending' },
];
const sizeOptions = MEMBER_PAGE_SIZES.map((size) => ({ value: String(size), label: String(size) }));

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | null =>
  values.includes(value as T) ? (value as T) : null;

/**
 * The table's state lives in the address, so a member's page and the back button return to the same search,
 * filters, order and page; anything unknown there reads as its default.
 */
function paramsOf(search: URLSearchParams): UserListParams {
  const size = Number(search.get('size'));
  const page = Number(search.get('page'));
  return {
    q: search.get('q') || null,
    status: oneOf<SubscriptionStatus>(SUBSCRIPTION_STATUSES, search.get('status')),
    plan: oneOf<PlanId>(PLAN_IDS, search.get('plan')),
    verified: search.get('verified') === 'true' ? true : search.get('verified') === 'false' ? false : null,
    page: Number.isInteger(page) && page > 0 ? page : 0,
    size: (MEMBER_PAGE_SIZES as readonly number[]).includes(size) ? size : MEMBER_PAGE_SIZES[0],
    sortBy: oneOf<UserSortField>(USER_SORT_FIELDS, search.get('sortBy')) ?? 'default',
    sortDir: search.get('sortDir') === 'desc' ? 'desc' : 'asc',
  };
}

function searchOf(params: UserListParams): Record<string, string> {
  const entries = Object.entries(params).filter(([key, value]) => value !== null && !(key === 'page' && value === 0));
  return Object.fromEntries(entries.map(([key, value]) => [key, String(value)]));
}

/**
 * The Members table (docs/product.md, Admin dashboard, as a table): the counts, one search over name, e-mail and
 * customer id, filters for status, plan and verified, the specification's sorts, 25, 50 or 100 rows a page, and
 * each name a link to the member's own page.
 */
export function MembersTable() {
  const [search, setSearch] = useSearchParams();
  const params = paramsOf(search);
  const users = useQuery({
    queryKey: userAdminKeys.list(params),
    queryFn: ({ signal }) => getUsers(params, signal),
    // The page on screen stays while the next one loads, so paging does not flash an empty table.
    placeholderData: keepPreviousData,
  });
  const go = (next: UserListParams) => setSearch(searchOf(next), { replace: true });
  // docs/product.md, Admin dashboard: a new search, filter or order starts again from the first page.
  const restart = (change: Partial<UserListParams>) => go({ ...params, ...change, page: 0 });
  const data = users.data;
  const totalPages = Math.max(data?.totalPages ?? 1, 1);

  return (
    <Card title="Member list" level={2} headingId="admin-members-title" className="members">
      {data && <UserCounts page={data} />}
      <SearchForm active={params.q} onSearch={(q) => restart({ q })} />
      <div className="members__filters">
        <SelectField
          id="members-status"
          label="Status"
          options={statusOptions}
          value={params.status ?? ''}
          onChange={(e) => restart({ status: oneOf(SUBSCRIPTION_STATUSES, e.target.value) })}
        />
        <SelectField
          id="members-plan"
          label="Plan"
          options={planOptions}
          value={params.plan ?? ''}
          onChange={(e) => restart({ plan: oneOf(PLAN_IDS, e.target.value) })}
        />
        <SelectField
          id="members-verified"
          label="Verified"
          options={verifiedOptions}
          value={params.verified === null ? '' : String(params.verified)}
          onChange={(e) => restart({ verified: e.target.value === '' ? null : e.target.value === 'true' })}
        />
        <SelectField
          id="admin-sort-by"
          label="Sort by"
          options={sortOptions}
          value={params.sortBy}
          onChange={(e) => restart({ sortBy: e.target.value as UserSortField })}
        />
        <SelectField
          id="admin-sort-dir"
          label="Direction"
          options={directionOptions}
          value={params.sortDir}
          onChange={(e) => restart({ sortDir: e.target.value as SortDirection })}
        />
        <SelectField
          id="members-size"
          label="Rows per page"
          options={sizeOptions}
          value={String(params.size)}
          onChange={(e) => restart({ size: Number(e.target.value) })}
        />
      </div>
      {users.isError && <LoadError error={users.error} fallback={messages.usersLoadFailed} onRetry={() => void users.refetch()} />}
      {users.isPending && <Spinner label="Loading members…" />}
      {data && (
        <div className="members__results" aria-busy={users.isPlaceholderData || undefined}>
          {data.content.length === 0 ? <p className="admin-empty">{messages.noUsersFound}</p> : <Rows users={data.content} />}
          <Pager label="Members pages" page={params.page} totalPages={totalPages} onPage={(page) => go({ ...params, page })} />
        </div>
      )}
    </Card>
  );
}

const joined = (user: AdminUser) => (user.submittedAt ? formatCentralDate(fromTimestamp(user.submittedAt), 'medium') : '—');

function Rows({ users }: { users: AdminUser[] }) {
  const { pathname, search } = useLocation();
  const location = pathname + search;
  return (
    <div className="admin-table-wrap members__table" role="region" aria-label="Members" tabIndex={0}>
      <table className="admin-table">
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Email</th>
            <th scope="col">Plan</th>
            <th scope="col">Status</th>
            <th scope="col" className="admin-table__number">
              Amount
            </th>
            <th scope="col">Joined</th>
            <th scope="col">Verified</th>
          </tr>
        </thead>
        <tbody>
          {users.map((user) => (
            <tr key={user.id}>
              <th scope="row">
                <Link to={`/admin/members/${encodeURIComponent(user.id)}`} state={{ from: location }}>
                  {displayName(user)}
                </Link>
                {user.roles.includes('ROLE_ADMIN') && <span className="tag tag--admin">admin</span>}
              </th>
              <td className="members__email">{user.email}</td>
              <td>{user.subscriptionPlan ? humanize(user.subscriptionPlan) : '—'}</td>
              <td>{user.subscriptionStatus ? humanize(user.subscriptionStatus) : 'No subscription'}</td>
              <td className="admin-table__number">{user.subscriptionAmount === null ? '—' : formatDollars(user.subscriptionAmount)}</td>
              <td>{joined(user)}</td>
              <td>{user.verified ? 'Yes' : 'No'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * The counts; admins, active and verified cover the whole result, not just this page (decision 018). A search
 * matching more users than the server counts shows "1,000+" and says why the rest is not counted (decision 026).
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

/** docs/product.md, Validation: the search is trimmed; under 3 characters it says so and the whole list loads. */
function SearchForm({ active, onSearch }: { active: string | null; onSearch: (q: string | null) => void }) {
  const formRef = useRef<HTMLFormElement>(null);
  const form = useValidatedForm<{ q: string }>({
    initialValues: { q: active ?? '' },
    fieldOrder: ['q'],
    validateField: (_, values) => {
      const parsed = emailSearchSchema.safeParse(values.q);
      return parsed.success ? null : (parsed.error.issues[0]?.message ?? messages.searchTooShort);
    },
    formRef,
    fieldId: () => 'admin-search',
  });
  const text = form.values.q;

  function submit(event: FormEvent) {
    event.preventDefault();
    form.validateAll();
    const parsed = emailSearchSchema.safeParse(text);
    onSearch(parsed.success ? parsed.data : null);
  }

  function clear() {
    form.reset({ q: '' });
    onSearch(null);
  }

  return (
    <form ref={formRef} className="admin-search" role="search" aria-label="Members" onSubmit={submit} noValidate>
      <TextField
        {...form.textFieldProps('q')}
        label="Search by name, email or customer ID"
        type="search"
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
