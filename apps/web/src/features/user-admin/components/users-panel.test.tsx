import { messages, USER_SEARCH_COUNT_LIMIT } from '@app/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, renderSection, type RecordedCall } from '../../../test/helpers';
import { adminUser, userAdminApi, userPage } from '../test/fixtures';
import { UsersPanel } from './users-panel';

const query = (call: RecordedCall) => Object.fromEntries(new URL(call.path, 'http://x').searchParams);

function setup(handlers: Parameters<typeof userAdminApi>[0] = {}) {
  const api = userAdminApi(handlers);
  return { api, ...renderSection(<UsersPanel />) };
}

const usersCard = () => screen.getByRole('region', { name: 'Users' });

describe('the Users tab', () => {
  it('shows the counts of the whole result and the collapsed cards', async () => {
    const users = [
      adminUser(),
      adminUser({
        id: 'u-2',
        email: 'bo@example.com',
        firstName: '',
        lastName: '',
        fullName: '',
        roles: [],
        subscriptionStatus: null,
        subscriptionPlan: null,
        subscriptionAmount: null,
      }),
    ];
    setup({ 'GET /api/admin/all': json(200, { ...userPage(users, 25, 3), summary: { admins: 2, activeSubscriptions: 9, verified: 20 } }) });
    const card = await screen.findByRole('heading', { name: 'Ada Lovelace' });
    const counts = Object.fromEntries(
      within(usersCard())
        .getAllByRole('term')
        .map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]),
    );
    expect(counts).toMatchObject({ 'Total users': '25', 'On this page': '2', Admins: '2', 'Active subscriptions': '9', Verified: '20' });
    const first = card.closest('article')!;
    expect(within(first).getByText('1')).toBeInTheDocument();
    expect(within(first).getByText('ada@example.com')).toBeInTheDocument();
    expect(within(first).getByText('Active · Family monthly · $49.99')).toBeInTheDocument();
    expect(within(first).getByRole('button', { name: 'View Details' }).getAttribute('aria-expanded')).toBe('false');
    // Name falls back to the e-mail; no roles says so.
    const second = screen.getByRole('heading', { name: 'bo@example.com' }).closest('article')!;
    expect(within(second).getByText('No roles')).toBeInTheDocument();
    expect(within(second).getByText('2')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
  });

  it('shows "1,000+" and no summary counts when a search matches more users than the server counts', async () => {
    setup({
      'GET /api/admin/all': json(200, { ...userPage([adminUser()], USER_SEARCH_COUNT_LIMIT, 100), countCapped: true, summary: null }),
    });
    await screen.findByRole('heading', { name: 'Ada Lovelace' });
    const counts = Object.fromEntries(
      within(usersCard())
        .getAllByRole('term')
        .map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]),
    );
    expect(counts).toMatchObject({ 'Total users': '1,000+', 'On this page': '1', Admins: '—', 'Active subscriptions': '—', Verified: '—' });
    expect(within(usersCard()).getByText(messages.searchCountCapped(USER_SEARCH_COUNT_LIMIT))).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 100')).toBeInTheDocument();
  });

  it("says 'No users found.' for an empty page and shows the server's message when loading fails", async () => {
    setup({ 'GET /api/admin/all': json(200, userPage([])) });
    expect(await screen.findByText(messages.noUsersFound)).toBeInTheDocument();
  });

  it('shows the default load error when the server says nothing', async () => {
    setup({ 'GET /api/admin/all': new Response(null, { status: 500 }) });
    expect(await within(await screen.findByRole('region', { name: 'Users' })).findByText(messages.usersLoadFailed)).toBeInTheDocument();
  });

  it('searches by e-mail from 3 trimmed characters; shorter says so and loads the default list', async () => {
    const { api } = setup({
      'GET /api/admin/search': json(200, userPage([adminUser({ email: 'zed@example.com', firstName: 'Zed', lastName: '' })])),
    });
    await screen.findByRole('heading', { name: 'Ada Lovelace' });
    const box = screen.getByRole('searchbox', { name: 'Search by email' });

    await userEvent.type(box, '  ab  ');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText(messages.searchTooShort)).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/admin/search')).toHaveLength(0);
    expect(api.callsTo('GET', '/api/admin/all').length).toBeGreaterThanOrEqual(1);

    await userEvent.clear(box);
    await userEvent.type(box, '  zed@ ');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByRole('heading', { name: 'Zed' })).toBeInTheDocument();
    expect(screen.queryByText(messages.searchTooShort)).toBeNull();
    const [search] = api.callsTo('GET', '/api/admin/search');
    expect(query(search!)).toEqual({ email: 'zed@', page: '0', size: '10', sortDir: 'asc' });
  });

  it('reloads from page 0 when the sort field or direction changes', async () => {
    const { api } = setup({
      'GET /api/admin/all': (call) =>
        json(200, userPage([adminUser({ id: `u-${query(call).page}`, firstName: `Page${query(call).page}` })], 30, 3)),
    });
    await screen.findByRole('heading', { name: 'Page0 Lovelace' });
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 2 of 3')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Page1 Lovelace' })).toBeInTheDocument();
    expect(screen.getByText('11')).toBeInTheDocument();

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Email');
    expect(await screen.findByText('Page 1 of 3')).toBeInTheDocument();
    expect(query(api.calls.at(-1)!)).toEqual({ page: '0', size: '10', sortBy: 'email', sortDir: 'asc' });

    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('Page 2 of 3');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Direction' }), 'Descending');
    expect(await screen.findByText('Page 1 of 3')).toBeInTheDocument();
    expect(query(api.calls.at(-1)!)).toEqual({ page: '0', size: '10', sortBy: 'email', sortDir: 'desc' });
    expect(screen.getByRole('button', { name: 'Prev' })).toHaveProperty('disabled', true);
  });
});
