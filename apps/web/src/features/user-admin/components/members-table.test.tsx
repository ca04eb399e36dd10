import { messages, USER_SEARCH_COUNT_LIMIT } from '@app/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, renderAt, type RecordedCall } from '../../../test/helpers';
import { adminUser, userAdminApi, userPage } from '../test/fixtures';
import { MembersTable } from './members-table';

const query = (call: RecordedCall) => Object.fromEntries(new URL(call.path, 'http://x').searchParams);

function setup(handlers: Parameters<typeof userAdminApi>[0] = {}, url = '/admin/members') {
  const api = userAdminApi(handlers);
  return { api, ...renderAt('/admin/members', <MembersTable />, { url }) };
}

const list = () => screen.getByRole('region', { name: 'Member list' });
const counts = () =>
  Object.fromEntries(
    within(list())
      .getAllByRole('term')
      .map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]),
  );
const rows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1);

describe('the Members table', () => {
  it('shows the counts of the whole result and a row per member: name, e-mail, plan, status, amount, joined, verified', async () => {
    const users = [
      adminUser(),
      adminUser({
        id: 'u-2',
        email: 'bo@example.com',
        firstName: '',
        lastName: '',
        fullName: '',
        roles: ['ROLE_USER', 'ROLE_ADMIN'],
        subscriptionStatus: null,
        subscriptionPlan: null,
        subscriptionAmount: null,
        submittedAt: null,
        verified: false,
      }),
    ];
    setup({ 'GET /api/admin/all': json(200, { ...userPage(users, 60, 3), summary: { admins: 2, activeSubscriptions: 9, verified: 20 } }) });
    await screen.findByRole('link', { name: 'Ada Lovelace' });
    expect(counts()).toMatchObject({ 'Total users': '60', 'On this page': '2', Admins: '2', 'Active subscriptions': '9', Verified: '20' });
    const headers = within(screen.getByRole('table'))
      .getAllByRole('columnheader')
      .map((th) => th.textContent);
    expect(headers).toEqual(['Name', 'Email', 'Plan', 'Status', 'Amount', 'Joined', 'Verified']);
    const cells = (row: HTMLElement) =>
      within(row)
        .getAllByRole('cell')
        .map((td) => td.textContent);
    const [ada, bo] = rows();
    // 1_793_632_500 s is 2026-11-02 15:15 UTC: Nov 2 in Chicago.
    expect(cells(ada!)).toEqual(['ada@example.com', 'Family monthly', 'Active', '$49.99', 'Nov 2, 2026', 'Yes']);
    expect(within(ada!).getByRole('link', { name: 'Ada Lovelace' })).toHaveAttribute('href', '/admin/members/u-1');
    // Name falls back to the e-mail; an admin is marked.
    expect(within(bo!).getByRole('link', { name: 'bo@example.com' })).toBeInTheDocument();
    expect(within(bo!).getByText('admin')).toBeInTheDocument();
    expect(cells(bo!)).toEqual(['bo@example.com', '—', 'No subscription', '—', '—', 'No']);
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
  });

  it('asks for 25 rows by default, and 50 or 100 when chosen, from the first page', async () => {
    const { api } = setup({ 'GET /api/admin/all': json(200, userPage([adminUser()], 300, 12)) });
    await screen.findByRole('link', { name: 'Ada Lovelace' });
    expect(query(api.calls.at(-1)!)).toEqual({ page: '0', size: '25', sortDir: 'asc' });
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(query(api.calls.at(-1)!)).toMatchObject({ page: '1', size: '25' });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Rows per page' }), '100');
    expect(query(api.calls.at(-1)!)).toMatchObject({ page: '0', size: '100' });
    expect(screen.getByRole('combobox', { name: 'Rows per page' })).toHaveValue('100');
  });

  it('filters by status, plan and verified, each change from the first page', async () => {
    const { api } = setup();
    await screen.findByRole('link', { name: 'Ada Lovelace' });
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Past due');
    expect(query(api.calls.at(-1)!)).toMatchObject({ page: '0', status: 'past_due' });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Plan' }), 'Individual monthly');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Verified' }), 'Not verified');
    expect(query(api.calls.at(-1)!)).toEqual({
      page: '0',
      size: '25',
      sortDir: 'asc',
      status: 'past_due',
      plan: 'individualMonthly',
      verified: 'false',
    });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'All statuses');
    expect(query(api.calls.at(-1)!)).not.toHaveProperty('status');
  });

  it('keeps the search, filters, order and page in the address, so coming back restores them', async () => {
    const { api } = setup({}, '/admin/members?q=ada&status=active&verified=true&sortBy=email&sortDir=desc&size=50&page=2');
    await screen.findByRole('link', { name: 'Ada Lovelace' });
    expect(query(api.calls.at(-1)!)).toEqual({
      q: 'ada',
      status: 'active',
      verified: 'true',
      sortBy: 'email',
      sortDir: 'desc',
      size: '50',
      page: '2',
    });
    expect(screen.getByRole('searchbox', { name: 'Search by name, email or customer ID' })).toHaveValue('ada');
    expect(screen.getByRole('combobox', { name: 'Direction' })).toHaveValue('desc');
  });

  it('searches name, e-mail and customer id through one box, from 3 trimmed characters; shorter says so and lists everyone', async () => {
    const { api } = setup({
      'GET /api/admin/all': (call) =>
        json(200, userPage([query(call).q ? adminUser({ email: 'zed@example.com', firstName: 'Zed', lastName: '' }) : adminUser()])),
    });
    await screen.findByRole('link', { name: 'Ada Lovelace' });
    const box = screen.getByRole('searchbox', { name: 'Search by name, email or customer ID' });
    await userEvent.type(box, '  ab  ');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText(messages.searchTooShort)).toBeInTheDocument();
    expect(api.calls.every((call) => !('q' in query(call)))).toBe(true);

    await userEvent.clear(box);
    await userEvent.type(box, '  cons-ab12 ');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByRole('link', { name: 'Zed' })).toBeInTheDocument();
    expect(screen.queryByText(messages.searchTooShort)).toBeNull();
    expect(query(api.calls.at(-1)!)).toMatchObject({ q: 'cons-ab12', page: '0' });
  });

  it('shows "1,000+" and no summary counts when a search matches more users than the server counts', async () => {
    setup({
      'GET /api/admin/all': json(200, { ...userPage([adminUser()], USER_SEARCH_COUNT_LIMIT, 40), countCapped: true, summary: null }),
    });
    await screen.findByRole('link', { name: 'Ada Lovelace' });
    expect(counts()).toMatchObject({
      'Total users': '1,000+',
      'On this page': '1',
      Admins: '—',
      'Active subscriptions': '—',
      Verified: '—',
    });
    expect(within(list()).getByText(messages.searchCountCapped(USER_SEARCH_COUNT_LIMIT))).toBeInTheDocument();
  });

  it("says 'No users found.' for an empty page, and the default load error when the server says nothing", async () => {
    setup({ 'GET /api/admin/all': json(200, userPage([])) });
    expect(await screen.findByText(messages.noUsersFound)).toBeInTheDocument();
  });

  it('shows the default load error when the server says nothing', async () => {
    setup({ 'GET /api/admin/all': new Response(null, { status: 500 }) });
    expect(await within(list()).findByText(messages.usersLoadFailed)).toBeInTheDocument();
  });
});
