import { messages, USER_SEARCH_COUNT_LIMIT, type AdminUser } from '@app/shared';
import { act, screen, waitFor, within, type BoundFunctions, type queries } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { json, renderAt, type RecordedCall } from '../../../test/helpers';
import { adminUser, dashboardApi, userPage } from '../test/fixtures';
import AdminPage from './admin-page';

type Card = BoundFunctions<typeof queries>;

// uPlot draws on a canvas, which jsdom lacks; the charts' own module is replaced, the table is real.
vi.mock('../components/series-charts', () => ({ default: () => <p>Charts drawn</p> }));

const query = (call: RecordedCall) => Object.fromEntries(new URL(call.path, 'http://x').searchParams);

function setup(handlers: Parameters<typeof dashboardApi>[0] = {}) {
  const api = dashboardApi(handlers);
  return { api, ...renderAt('/admin', <AdminPage />) };
}

const usersCard = () => screen.getByRole('region', { name: 'Users' });

async function openCard(name = 'Ada Lovelace') {
  const card = (await screen.findByRole('heading', { name, level: 3 })).closest('article')!;
  await userEvent.click(within(card).getByRole('button', { name: 'View Details' }));
  return within(card);
}

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

describe('a user card', () => {
  it('shows the sections, read-only facts as text and hides empty optional ones', async () => {
    setup();
    const card = await openCard();
    expect(card.getByRole('button', { name: 'Hide Details' }).getAttribute('aria-expanded')).toBe('true');
    for (const section of ['Identity & Verification', 'Contact', 'Subscription', 'Payment & Card', 'Timeline']) {
      expect(card.getByRole('heading', { name: section })).toBeInTheDocument();
    }
    expect(card.getByText('u-1')).toBeInTheDocument();
    expect(card.getByText('•••• 4242')).toBeInTheDocument();
    expect(card.queryByRole('textbox', { name: /card/i })).toBeNull();
    // 1_793_632_500 s is 2026-11-02 15:15 UTC: 9:15 AM in Chicago, on standard time since the day before.
    expect(card.getAllByText('Nov 2, 2026, 9:15 AM CT')).toHaveLength(2);
    const facts = card.getAllByRole('term').map((dt) => dt.textContent);
    expect(facts).toContain('Subscription started');
    expect(facts).not.toContain('Cancelled');
    expect(card.getByLabelText<HTMLInputElement>('Amount (USD)').value).toBe('49.99');
    expect(card.getByRole<HTMLInputElement>('textbox', { name: 'Roles' }).value).toBe('ROLE_USER');
    expect(card.getByLabelText<HTMLInputElement>('Email verified').checked).toBe(true);
    expect(await card.findByText('No changes recorded yet.')).toBeInTheDocument();
  });

  it('enables Save only when dirty; Reset Changes reverts; a save shows the server answer and is clean again', async () => {
    let stored = adminUser();
    let answer: () => void = () => undefined;
    const { api } = setup({
      'GET /api/admin/all': () => json(200, userPage([stored])),
      'PUT /api/admin/users/u-1': () =>
        new Promise<Response>((resolve) => {
          answer = () => {
            stored = adminUser({ firstName: 'Augusta', fullName: 'Augusta Lovelace' });
            resolve(json(200, stored));
          };
        }),
    });
    const card = await openCard();
    const save = card.getByRole('button', { name: 'Save' });
    const reset = card.getByRole('button', { name: 'Reset Changes' });
    expect(save).toHaveProperty('disabled', true);

    const first = card.getByLabelText('First name');
    await userEvent.clear(first);
    await userEvent.type(first, 'Augusta');
    expect(save).toHaveProperty('disabled', false);
    await userEvent.click(reset);
    expect((first as HTMLInputElement).value).toBe('Ada');
    expect(save).toHaveProperty('disabled', true);

    await userEvent.clear(first);
    await userEvent.type(first, '  Augusta ');
    await userEvent.click(save);
    expect(await card.findByRole('button', { name: 'Saving…' })).toHaveProperty('disabled', true);
    const [put] = api.callsTo('PUT', '/api/admin/users/u-1');
    expect(put!.body).toMatchObject({
      email: 'ada@example.com',
      firstName: 'Augusta',
      roles: ['ROLE_USER'],
      subscriptionAmount: 49.99,
      reason: null,
    });
    expect(put!.body).not.toHaveProperty('cardDetails');
    expect(put!.body).not.toHaveProperty('id');

    act(() => answer());
    expect(await screen.findByRole('heading', { name: 'Augusta Lovelace' })).toBeInTheDocument();
    expect(card.getByRole('button', { name: 'Save' })).toHaveProperty('disabled', true);
    expect(card.getByLabelText<HTMLInputElement>('First name').value).toBe('Augusta');
  });

  it.each([
    ['roles', async (card: Card) => userEvent.type(card.getByRole('textbox', { name: 'Roles' }), ', admin')],
    ['subscription status', async (card: Card) => userEvent.selectOptions(card.getByLabelText('Status'), 'Cancelled')],
    ['subscription plan', async (card: Card) => userEvent.selectOptions(card.getByLabelText('Plan'), 'Individual monthly')],
    [
      'amount',
      async (card: Card) => {
        await userEvent.clear(card.getByLabelText('Amount (USD)'));
        await userEvent.type(card.getByLabelText('Amount (USD)'), '29.99');
      },
    ],
  ])('asks for a reason when the %s changes, and sends it', async (_field, edit) => {
    const { api } = setup({ 'PUT /api/admin/users/u-1': json(200, adminUser()) });
    const card = await openCard();
    await userEvent.type(card.getByLabelText('Phone'), '9');
    expect(card.queryByLabelText(/Reason for this change/)).toBeNull();
    await edit(card);
    const reason = card.getByLabelText(/Reason for this change/);
    await userEvent.click(card.getByRole('button', { name: 'Save' }));
    expect(await card.findByText(messages.changeReasonRequired)).toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/admin/users/u-1')).toHaveLength(0);
    await userEvent.type(reason, 'Asked by phone');
    await userEvent.click(card.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('PUT', '/api/admin/users/u-1')).toHaveLength(1));
    expect(api.callsTo('PUT', '/api/admin/users/u-1')[0]!.body).toMatchObject({ reason: 'Asked by phone' });
  });

  it("shows a failed save on the card: the server's message, else the default", async () => {
    let status = 409;
    setup({
      'PUT /api/admin/users/u-1': () =>
        status === 409 ? json(409, { message: messages.emailTakenByAnother }) : new Response(null, { status: 500 }),
    });
    const card = await openCard();
    await userEvent.type(card.getByLabelText('Last name'), 'x');
    await userEvent.click(card.getByRole('button', { name: 'Save' }));
    expect((await card.findByRole('alert')).textContent).toContain(messages.emailTakenByAnother);
    status = 500;
    await userEvent.click(card.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(card.getByRole('alert').textContent).toContain(messages.userSaveFailed));
  });

  it('sends a reset e-mail only after the confirmation, and says how it went', async () => {
    let ok = true;
    const { api } = setup({ 'POST /api/admin/users/u-1/reset-password': () => (ok ? json(200, { message: 'sent' }) : json(500, {})) });
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    const card = await openCard();
    await userEvent.click(card.getByRole('button', { name: 'Send Reset Email' }));
    expect(confirm).toHaveBeenCalledWith(messages.confirmPasswordReset);
    expect(api.callsTo('POST', '/api/admin/users/u-1/reset-password')).toHaveLength(0);

    confirm.mockReturnValue(true);
    await userEvent.click(card.getByRole('button', { name: 'Send Reset Email' }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith(messages.passwordResetInitiated));
    ok = false;
    await userEvent.click(card.getByRole('button', { name: 'Send Reset Email' }));
    await waitFor(() => expect(alert).toHaveBeenLastCalledWith(messages.passwordResetFailed));
  });

  it('lists the history: who, when in Chicago, why, before → after', async () => {
    setup({
      'GET /api/admin/users/u-1/audit': json(200, {
        totalPages: 1,
        totalElements: 1,
        content: [
          {
            id: 7,
            at: '2026-11-02T15:15:00.000Z',
            actorUserId: 'admin-1',
            actorEmail: 'boss@example.com',
            actorRole: 'admin',
            action: 'PUT /api/admin/users/:id',
            status: 200,
            reason: 'Refund agreed',
            changes: [{ field: 'subscriptionAmount', before: 49.99, after: 29.99 }],
          },
        ],
      }),
    });
    const card = await openCard();
    const history = within(card.getByRole('region', { name: 'History' }));
    expect(await history.findByText('boss@example.com')).toBeInTheDocument();
    expect(history.getByText('Nov 2, 2026, 9:15 AM CT')).toBeInTheDocument();
    expect(history.getByText(/Edited the account/)).toBeInTheDocument();
    expect(history.getByText('Reason: Refund agreed')).toBeInTheDocument();
    expect(history.getByText(/49\.99 → 29\.99/).textContent).toBe('Subscription amount: 49.99 → 29.99');
  });
});

describe('the Users JSON card', () => {
  it('loads every user in pages of 500 with progress, then copies with its alerts', async () => {
    const pages: Record<string, AdminUser[]> = {
      '0': Array.from({ length: 500 }, (_, i) => adminUser({ id: `a${i}` })),
      '1': Array.from({ length: 500 }, (_, i) => adminUser({ id: `b${i}` })),
      '2': Array.from({ length: 234 }, (_, i) => adminUser({ id: `c${i}` })),
    };
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const { api } = setup({
      'GET /api/admin/all': async (call) => {
        const { page, size } = query(call);
        if (size !== '500') return json(200, userPage([adminUser()]));
        if (page === '1') await gate;
        return json(200, { ...userPage(pages[page!]!, 1234, 3) });
      },
    });
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });

    await userEvent.click(await screen.findByRole('button', { name: 'Load all users as JSON' }));
    expect(await screen.findByText(/500 of 1,234/)).toBeInTheDocument();
    release();
    expect(await screen.findByText('1,234 of 1,234 users loaded')).toBeInTheDocument();
    expect(
      api
        .callsTo('GET', '/api/admin/all')
        .filter((c) => query(c).size === '500')
        .map((c) => query(c).page),
    ).toEqual(['0', '1', '2']);
    expect(screen.getByRole('button', { name: 'Refresh all users' })).toBeInTheDocument();

    const show = screen.getByRole('button', { name: 'Show JSON' });
    await userEvent.click(show);
    expect(screen.getByRole('button', { name: 'Hide JSON' }).getAttribute('aria-expanded')).toBe('true');
    expect(JSON.parse(screen.getByLabelText('All users as JSON').textContent)).toHaveLength(1234);

    await userEvent.click(screen.getByRole('button', { name: 'Copy JSON' }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith(messages.usersJsonCopied));
    expect(JSON.parse(writeText.mock.calls[0]![0] as string)).toHaveLength(1234);
    writeText.mockRejectedValueOnce(new Error('denied'));
    await userEvent.click(screen.getByRole('button', { name: 'Copy JSON' }));
    await waitFor(() => expect(alert).toHaveBeenLastCalledWith(messages.usersJsonCopyFailed));
    expect(screen.getByRole('button', { name: 'Download .json' })).toBeInTheDocument();
  });

  it('says when loading all users fails', async () => {
    setup({
      'GET /api/admin/all': (call) =>
        query(call).size === '500' ? new Response(null, { status: 502 }) : json(200, userPage([adminUser()])),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Load all users as JSON' }));
    expect(await screen.findByText(messages.allUsersLoadFailed)).toBeInTheDocument();
  });
});

describe('the Analytics card', () => {
  it('shows the four numbers, the charts and the same numbers as a table for the last 30 days', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-22T03:00:00Z') });
    const { api } = setup();
    const analytics = within(await screen.findByRole('region', { name: 'Analytics' }));
    expect(await analytics.findByText('$12,345.50')).toBeInTheDocument();
    expect(analytics.getByText('1,234')).toBeInTheDocument();
    expect(analytics.getByText('321')).toBeInTheDocument();
    expect(analytics.getByText('17')).toBeInTheDocument();
    expect(await analytics.findByText('Charts drawn')).toBeInTheDocument();
    // 03:00 UTC on the 22nd is still the 21st in Chicago.
    expect(query(api.callsTo('GET', '/api/admin/analytics/series')[0]!)).toEqual({ from: '2026-10-23', to: '2026-11-21', interval: 'day' });
    const table = analytics.getByRole('table');
    expect(within(table).getByRole('row', { name: /2026-11-02/ }).textContent).toBe('2026-11-02511$1,029.99$29.99');

    await userEvent.selectOptions(analytics.getByLabelText('Interval'), 'Week');
    await waitFor(() => expect(query(api.calls.at(-1)!)).toMatchObject({ interval: 'week' }));
  });

  it('shows the analytics error', async () => {
    setup({ 'GET /api/admin/analytics/summary': json(500, {}) });
    expect(await screen.findByText(messages.analyticsLoadFailed)).toBeInTheDocument();
  });
});

describe('the dashboard', () => {
  it('moves between the Users and Expenses tabs with the arrow keys', async () => {
    setup();
    const users = await screen.findByRole('tab', { name: 'Users' });
    expect(users.getAttribute('aria-selected')).toBe('true');
    users.focus();
    await userEvent.keyboard('{ArrowRight}');
    const expenses = screen.getByRole('tab', { name: 'Expenses' });
    expect(expenses.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(expenses);
    expect(within(screen.getByRole('tabpanel')).getByRole('region', { name: 'Expenses' })).toBeInTheDocument();
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Users' }).getAttribute('aria-selected')).toBe('true');
  });

  it('ends an expired session: sign in again with the flash', async () => {
    const { router } = setup({ 'GET /api/admin/me': json(401, {}) });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(JSON.parse(window.sessionStorage.getItem('loginFlash') ?? 'null')).toEqual({
      message: messages.sessionExpired,
      tone: 'warning',
    });
    expect(window.sessionStorage.getItem('authToken')).toBeNull();
  });

  it('sends a 401 from a later call to sign in too', async () => {
    const { router } = setup({ 'PUT /api/admin/users/u-1': json(401, {}) });
    const card = await openCard();
    await userEvent.type(card.getByLabelText('Last name'), 'x');
    await userEvent.click(card.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('sends a non-admin to the profile', async () => {
    const { router } = setup({ 'GET /api/admin/me': json(403, {}) });
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
  });
});
