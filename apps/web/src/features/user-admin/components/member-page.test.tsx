import { messages } from '@app/shared';
import { act, screen, waitFor, within, type BoundFunctions, type queries } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, renderAt } from '../../../test/helpers';
import { adminUser, userAdminApi } from '../test/fixtures';
import { MemberPage } from './member-page';

type Card = BoundFunctions<typeof queries>;

function setup(handlers: Parameters<typeof userAdminApi>[0] = {}) {
  const api = userAdminApi(handlers);
  return { api, ...renderAt('/admin/members/u-1', <MemberPage id="u-1" />) };
}

/** The member's details, once loaded. */
async function openCard() {
  return within(await screen.findByRole('region', { name: 'Details' }));
}

describe("a member's page", () => {
  it('shows the sections, read-only facts as text and hides empty optional ones', async () => {
    setup();
    expect(await screen.findByRole('heading', { level: 1, name: 'Ada Lovelace' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Members/ })).toHaveAttribute('href', '/admin/members');
    const card = await openCard();
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
    expect(await screen.findByText('No changes recorded yet.')).toBeInTheDocument();
  });

  it("shows the member's roles as tags, and 'No roles' when they have none", async () => {
    const { unmount } = setup({ 'GET /api/admin/users/u-1': json(200, adminUser({ roles: ['ROLE_USER', 'ROLE_ADMIN'] })) });
    const roles = await screen.findByRole('list', { name: 'Roles' });
    expect(
      within(roles)
        .getAllByRole('listitem')
        .map((tag) => tag.textContent),
    ).toEqual(['user', 'admin']);
    unmount();
    setup({ 'GET /api/admin/users/u-1': json(200, adminUser({ roles: [] })) });
    expect(within(await screen.findByRole('list', { name: 'Roles' })).getByText('No roles')).toBeInTheDocument();
  });

  it('enables Save only when dirty; Reset Changes reverts; a save shows the server answer and is clean again', async () => {
    let stored = adminUser();
    let answer: () => void = () => undefined;
    const { api } = setup({
      'GET /api/admin/users/u-1': () => json(200, stored),
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
    expect(await screen.findByRole('heading', { level: 1, name: 'Augusta Lovelace' })).toBeInTheDocument();
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
    const card = await openCard();
    const opener = card.getByRole('button', { name: 'Send Reset Email' });
    await userEvent.click(opener);
    const dialog = screen.getByRole('dialog', { name: messages.confirmPasswordReset });
    expect(dialog).toHaveAccessibleDescription(messages.passwordResetExplained('ada@example.com'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(opener).toHaveFocus();
    expect(api.callsTo('POST', '/api/admin/users/u-1/reset-password')).toHaveLength(0);

    await userEvent.click(opener);
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Send Reset Email' }));
    const sent = within(screen.getByRole('region', { name: 'Results' }));
    expect(await sent.findByText(messages.passwordResetSentTo('ada@example.com'))).toBeInTheDocument();
    expect(sent.getByText(messages.passwordResetInitiated)).toBeInTheDocument();
    ok = false;
    await userEvent.click(opener);
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Send Reset Email' }));
    expect(await within(screen.getByRole('region', { name: 'Results' })).findByText(messages.passwordResetFailed)).toBeInTheDocument();
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
    await openCard();
    const history = within(screen.getByRole('region', { name: 'History' }));
    expect((await history.findAllByText(/boss@example\.com/))[0]).toBeVisible();
    expect(history.getAllByText('Nov 2, 2026, 9:15 AM CT')).toHaveLength(2);
    expect(history.getByText('Admin edited the account')).toBeInTheDocument();
    expect(history.getByText('Reason: Refund agreed')).toBeInTheDocument();
    expect(history.getByText(/49\.99 → 29\.99/).textContent).toBe('Subscription amount: 49.99 → 29.99');
  });
  it("shows the member's scheduled plan change and consents, and cancels by the terms with a reason", async () => {
    const consent = {
      paymentId: 'p-1',
      planId: 'familyMonthly',
      text: 'Renews every 30 days at $49.99 until you cancel. Cancel online any time from your profile.',
      version: '2026-12-06',
      ip: '10.1.2.3',
      agreedAt: '2026-11-02T15:15:00.000Z',
    };
    const planChange = {
      planId: 'individualMonthly',
      from: '2026-12-27T14:00:00.000Z',
      summary: 'From December 27 your plan is Individual Monthly at $29.99',
    };
    const { api } = setup({
      'GET /api/admin/users/u-1/membership': json(200, { terms: { cancellation: null, planChange }, consents: [consent] }),
      'POST /api/admin/users/u-1/membership/cancellation': json(200, {
        cancellation: {
          endsAt: '2027-01-26T14:00:00.000Z',
          endsOn: 'January 26',
          cancelledAt: '2026-12-06T15:00:00.000Z',
          method: 'admin',
          reason: 'Asked by phone',
        },
        planChange: null,
      }),
    });
    const card = await openCard();
    const terms = within(await card.findByRole('region', { name: 'Membership terms' }));
    expect(await terms.findByText('Scheduled plan change: From December 27 your plan is Individual Monthly at $29.99')).toBeInTheDocument();
    expect(terms.getByText(`“${consent.text}”`)).toBeInTheDocument();
    expect(terms.getByText(/version 2026-12-06 · from 10\.1\.2\.3/)).toBeInTheDocument();
    await userEvent.type(terms.getByLabelText('Reason for cancelling'), 'Asked by phone');
    await userEvent.click(terms.getByRole('button', { name: 'Cancel membership' }));
    expect(await terms.findByText('Ends on January 26')).toBeInTheDocument();
    expect(terms.getByText('Reason: Asked by phone')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/admin/users/u-1/membership/cancellation')[0]?.body).toEqual({ reason: 'Asked by phone' });
  });

  it('tells the history in plain words, folds repeated reads into one line with their count, and keeps the routes behind Details', async () => {
    const event = (id: number, action: string, overrides: Record<string, unknown> = {}) => ({
      id,
      at: `2026-11-02T15:${String(59 - id).padStart(2, '0')}:00.000Z`,
      actorUserId: 'u-1',
      actorEmail: 'ada@example.com',
      actorRole: 'patient',
      action,
      status: 200,
      reason: null,
      changes: [],
      ...overrides,
    });
    const reads = Array.from({ length: 8 }, (_, i) => event(10 + i, 'GET /api/users/me'));
    setup({
      'GET /api/admin/users/u-1/audit': json(200, {
        totalPages: 1,
        totalElements: 13,
        content: [
          event(1, 'POST /api/admin/users/:id/reset-password', {
            actorUserId: 'admin-1',
            actorEmail: 'boss@example.com',
            actorRole: 'admin',
          }),
          event(2, 'PUT /api/users/password'),
          event(3, 'POST /api/auth/login'),
          ...reads,
          event(30, 'POST /api/auth/login', { status: 401 }),
          event(31, 'GET /api/admin/users/:id', { actorUserId: 'admin-1', actorEmail: 'boss@example.com', actorRole: 'admin' }),
        ],
      }),
    });
    await openCard();
    const history = screen.getByRole('region', { name: 'History' });
    await within(history).findByText('Admin sent a password reset');
    const lines = within(history)
      .getAllByRole('listitem')
      .filter((li) => li.classList.contains('history__entry'))
      .map((li) => li.querySelector('strong')!.textContent);
    expect(lines).toEqual([
      'Admin sent a password reset',
      'Changed password',
      'Signed in',
      'Viewed the account (8×)',
      'Signed in — refused',
      'Admin viewed the account',
    ]);
    for (const line of within(history).getAllByText(/GET \/api/)) expect(line).not.toBeVisible();
    const folded = within(history).getByText('Viewed the account (8×)').closest('li')!;
    await userEvent.click(within(folded).getByText('Details'));
    expect(within(folded).getAllByText('GET /api/users/me')).toHaveLength(8);
  });
});
