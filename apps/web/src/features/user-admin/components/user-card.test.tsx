import { messages } from '@app/shared';
import { act, screen, waitFor, within, type BoundFunctions, type queries } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { json, renderSection } from '../../../test/helpers';
import { adminUser, userAdminApi, userPage } from '../test/fixtures';
import { UsersPanel } from './users-panel';

type Card = BoundFunctions<typeof queries>;

// The cards open from the Users list, as on the dashboard.
function setup(handlers: Parameters<typeof userAdminApi>[0] = {}) {
  const api = userAdminApi(handlers);
  return { api, ...renderSection(<UsersPanel />) };
}

async function openCard(name = 'Ada Lovelace') {
  const card = (await screen.findByRole('heading', { name, level: 3 })).closest('article')!;
  await userEvent.click(within(card).getByRole('button', { name: 'View Details' }));
  return within(card);
}

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
