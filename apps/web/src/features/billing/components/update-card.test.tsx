import { messages, type UserProfile } from '@app/shared';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, mockApi, renderAt } from '../../../test/helpers';
import { UpdateCard } from './update-card';

const member = (change: Partial<UserProfile>) =>
  ({
    id: 'u1',
    email: 'pat@example.com',
    subscriptionPlan: 'individualMonthly',
    subscriptionStatus: 'active',
    subscriptionAmount: 29.99,
    cardDetails: { cardholderName: 'Pat Lee', last4: '4242', expiry: '12/40', brand: 'Visa' },
    ...change,
  }) as UserProfile;

function setup(profile: UserProfile, answer: Response) {
  window.sessionStorage.setItem('authToken', 'token');
  const api = mockApi({ 'PUT /api/users/me/card': answer });
  return { api, events: userEvent.setup(), ...renderAt('/profile', <UpdateCard profile={profile} />) };
}

/** The billing address and card filled in at once (typing each key is slow on a busy host, and the checkout's own tests type). */
function fillCard(number: string) {
  const form = screen.getByRole('form', { name: 'Update card' });
  const values: Record<string, string> = {
    'Street address': '100 Market Street',
    City: 'Saint Louis',
    State: 'MO',
    ZIP: '63101',
    'Name on card': 'Pat Lee',
    'Card number': number,
    'Expiry (MM/YY)': '12/34',
    CVC: '123',
  };
  for (const [label, value] of Object.entries(values)) fireEvent.change(within(form).getByLabelText(label), { target: { value } });
  return form;
}

describe('Update card', () => {
  it("tells a past-due member their last payment didn't go through, and sends the new card once with a key", async () => {
    const { api, events } = setup(
      member({ subscriptionStatus: 'past_due' }),
      json(200, { message: messages.cardUpdatedAndPaid, subscriptionStatus: 'active', card: { brand: 'Mastercard', last4: '4444' } }),
    );
    const alert = screen.getByRole('alert');
    expect(within(alert).getByText(messages.lastPaymentFailed)).toBeInTheDocument();
    expect(within(alert).getByText(messages.pastDueExplained('$29.99'))).toBeInTheDocument();
    await events.click(within(alert).getByRole('button', { name: 'Update card' }));
    const form = fillCard('5555555555554444');
    await events.click(within(form).getByRole('button', { name: 'Save card and pay' }));

    expect(await screen.findByText(messages.cardUpdatedAndPaid)).toBeInTheDocument();
    const sent = api.calls.filter((c) => c.method === 'PUT');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent[0]!.body).toMatchObject({ cardDetails: { cardNumber: '5555555555554444', expiry: '12/34', cvv: '123' } });
  });

  it("shows the server's message when the new card is declined, and keeps the form", async () => {
    const { events } = setup(member({}), json(402, { message: messages.declined.card_declined, code: 'card_declined' }));
    await events.click(screen.getByRole('button', { name: 'Update card' }));
    const form = fillCard('4000000000000002');
    await events.click(within(form).getByRole('button', { name: 'Save card' }));
    expect(await within(form).findByText(messages.declined.card_declined)).toBeInTheDocument();
  });

  it('is not offered without a monthly membership that renews', () => {
    for (const profile of [member({ subscriptionPlan: 'oneTimeVisit' }), member({ subscriptionStatus: 'pending' })]) {
      const { unmount } = setup(profile, json(200, {}));
      expect(screen.queryByRole('button', { name: 'Update card' })).toBeNull();
      unmount();
    }
  });
});
