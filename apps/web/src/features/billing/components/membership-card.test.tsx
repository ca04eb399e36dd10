import { messages, type UserProfile } from '@app/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi, renderAt, testPlans } from '../../../test/helpers';
import { MembershipCard } from './membership-card';

const base = {
  id: 'u1',
  email: 'pat@example.com',
  firstName: 'Pat',
  lastName: 'Lee',
  fullName: 'Pat Lee',
  customerPhone: '3145550100',
  zip: '63101',
  verified: true,
  subscriptionPlan: 'individualMonthly',
  planId: 'individualMonthly',
  subscriptionStatus: 'pending',
  nextSubscriptionRenewDate: null,
  subscriptionEndDate: null,
  billingAddress: null,
  cardDetails: null,
} as unknown as UserProfile;

const active = {
  ...base,
  subscriptionStatus: 'active',
  nextSubscriptionRenewDate: '2026-12-22T08:01:02-06:00',
  cardDetails: { cardholderName: 'Pat Lee', last4: '4242', expiry: '12/40', brand: 'Visa' },
} as UserProfile;

const payments = [
  {
    id: 'p2',
    date: '2026-12-22T08:01:02-06:00',
    planId: 'individualMonthly',
    planName: 'Individual Monthly',
    kind: 'renewal',
    amount: 29.99,
    currency: 'USD',
    cardBrand: 'Visa',
    cardLast4: '4242',
    status: 'succeeded',
    failureCode: null,
  },
  {
    id: 'p1',
    date: '2026-11-22T08:01:02-06:00',
    planId: 'individualMonthly',
    planName: 'Individual Monthly',
    kind: 'checkout',
    amount: 29.99,
    currency: 'USD',
    cardBrand: 'Visa',
    cardLast4: '0002',
    status: 'failed',
    failureCode: 'card_declined',
  },
  {
    id: 'p0',
    date: '2026-10-22T08:01:02-05:00',
    planId: 'individualMonthly',
    planName: 'Individual Monthly',
    kind: 'renewal',
    amount: 29.99,
    currency: 'USD',
    cardBrand: null,
    cardLast4: null,
    status: 'voided',
    failureCode: null,
  },
];

const noTerms = { cancellation: null, planChange: null };

function setup(profile: UserProfile, handlers: Parameters<typeof mockApi>[0] = {}) {
  window.sessionStorage.setItem('authUser', JSON.stringify({ id: 'u1', email: 'pat@example.com', verified: true }));
  window.sessionStorage.setItem('authToken', 'token');
  const api = mockApi({
    'GET /api/plans': json(200, testPlans),
    'GET /api/users/me/payments': json(200, []),
    'GET /api/users/me/membership': json(200, noTerms),
    ...handlers,
  });
  const events = userEvent.setup();
  return { api, events, ...renderAt('/profile', <MembershipCard profile={profile} />) };
}

const card = () => screen.getByRole('region', { name: 'Membership' });

beforeEach(() => {
  Element.prototype.scrollIntoView = vi.fn();
});

describe('membership card', () => {
  it('shows the plan with its catalogue price, status, next renewal (US Central) and card', async () => {
    setup(active, { 'GET /api/users/me/payments': json(200, payments) });
    expect(await within(card()).findByText('Individual Monthly', { selector: '.membership__plan-name' })).toBeInTheDocument();
    expect(within(card()).getByText('$29.99', { selector: '.membership__price strong' })).toBeInTheDocument();
    expect(within(card()).getByText('Active')).toBeInTheDocument();
    expect(within(card()).getByText('December 22, 2026')).toBeInTheDocument();
    expect(within(card()).getByText('Visa ending in 4242')).toBeInTheDocument();

    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(4);
    expect(rows[1]!.textContent).toContain('Dec 22, 2026');
    expect(rows[1]!.textContent).toContain('Renewal');
    expect(rows[1]!.textContent).toContain('$29.99');
    expect(rows[1]!.textContent).toContain('Visa •••• 4242');
    expect(rows[1]!.textContent).toContain('Paid');
    expect(rows[2]!.textContent).toContain('Failed');
    expect(rows[3]!.textContent).toContain('Refunded');
  });

  it('shows an empty payment history', async () => {
    setup(base);
    expect(await screen.findByText('No payments yet')).toBeInTheDocument();
    expect(within(card()).getByText('Pending')).toBeInTheDocument();
  });

  it('for an active member hides Proceed and leads Connect with a Doctor Now to a visit request', async () => {
    setup(active);
    const connect = await screen.findByRole('link', { name: 'Connect with a Doctor Now' });
    expect(connect.getAttribute('href')).toBe('/visits/new');
    expect(screen.queryByRole('button', { name: 'Proceed to Payment Gateway' })).toBeNull();
  });

  it('refuses a plan change for an active one-time visit', async () => {
    const { api, events } = setup({ ...active, subscriptionPlan: 'oneTimeVisit', planId: 'oneTimeVisit' });
    await events.click(await screen.findByRole('button', { name: 'Change Plan' }));
    expect(screen.getByText(messages.planChangeRefused)).toBeInTheDocument();
    expect(screen.queryByRole('radio')).toBeNull();
    expect(api.calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
  });

  it("cancels an active membership after showing the server's quote, with a reason, and keeps it again on request", async () => {
    const summary = "You'll be charged $29.99 once more on December 27. Your membership ends on January 26.";
    const ending = {
      cancellation: { endsAt: '2027-01-26T14:00:00.000Z', endsOn: 'January 26', cancelledAt: null, method: 'online', reason: 'Moving' },
      planChange: null,
    };
    const { api, events } = setup(active, {
      'GET /api/users/me/membership/cancellation': json(200, { charges: [], endsAt: '2027-01-26T14:00:00.000Z', summary }),
      'POST /api/users/me/membership/cancellation': json(200, ending),
      'DELETE /api/users/me/membership/cancellation': json(200, noTerms),
    });
    expect(screen.queryByRole('button', { name: 'Change Plan' })).toBeNull();
    await events.click(await screen.findByRole('button', { name: 'Cancel membership' }));
    const confirm = await screen.findByRole('region', { name: 'Cancel your membership?' });
    expect(within(confirm).getByText(summary)).toBeInTheDocument();
    await events.type(within(confirm).getByLabelText(/Why are you cancelling/), 'Moving');
    await events.click(within(confirm).getByRole('button', { name: 'Confirm cancellation' }));
    expect(await screen.findByText('Ends on January 26')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/users/me/membership/cancellation')[0]?.body).toEqual({ reason: 'Moving' });

    await events.click(screen.getByRole('button', { name: 'Keep my membership' }));
    expect(await screen.findByText(messages.cancellationUndone)).toBeInTheDocument();
    expect(screen.queryByText('Ends on January 26')).toBeNull();
    expect(screen.getByRole('button', { name: 'Cancel membership' })).toBeInTheDocument();
  });

  it("schedules the other plan from the next cycle and shows the server's words for it", async () => {
    const scheduled = {
      cancellation: null,
      planChange: {
        planId: 'familyMonthly',
        from: '2026-12-27T14:00:00.000Z',
        summary: 'From December 27 your plan is Family Monthly at $49.99',
      },
    };
    const { api, events } = setup(active, { 'PUT /api/users/me/membership/plan-change': json(200, scheduled) });
    await events.click(await screen.findByRole('button', { name: 'Change plan' }));
    const panel = await screen.findByRole('region', { name: 'Change plan' });
    expect(within(panel).getAllByRole('radio')).toHaveLength(2);
    await events.click(within(panel).getByRole('button', { name: 'Schedule plan change' }));
    expect(await screen.findByText('From December 27 your plan is Family Monthly at $49.99')).toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/users/me/membership/plan-change')[0]?.body).toEqual({ planId: 'familyMonthly' });
  });

  it('opens the chooser when there is no plan, and Proceed asks for a plan first', async () => {
    const { events, router } = setup({ ...base, subscriptionPlan: null, planId: null, subscriptionStatus: null });
    expect(await screen.findByText('You have not chosen a plan yet.')).toBeInTheDocument();
    expect(await screen.findAllByRole('radio')).toHaveLength(3);
    await events.click(screen.getByRole('button', { name: 'Proceed to Payment Gateway' }));
    expect(screen.getByText(messages.choosePlanBeforePayment)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/profile');
    await events.click(screen.getByRole('button', { name: 'Save plan' }));
    expect(screen.getByText(messages.pickPlan)).toBeInTheDocument();
  });

  it('saves a changed plan through planUpdate', async () => {
    const { api, events } = setup(base, {
      'PUT /api/users/u1/planUpdate': json(200, {
        message: messages.planSaved,
        subscriptionPlan: 'familyMonthly',
        subscriptionAmount: 49.99,
      }),
    });
    await events.click(await screen.findByRole('button', { name: 'Change Plan' }));
    await events.click(screen.getByRole('radio', { name: 'Family Monthly' }));
    await events.click(screen.getByRole('button', { name: 'Save plan' }));
    expect(await screen.findByText(messages.planSaved)).toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/users/u1/planUpdate')[0]?.body).toEqual({ subscriptionPlan: 'familyMonthly' });
    expect(screen.queryByRole('radio')).toBeNull();
    expect(within(card()).getByText('Family Monthly')).toBeInTheDocument();
    expect(JSON.parse(window.sessionStorage.getItem('authUser')!)).toMatchObject({ subscriptionPlan: 'familyMonthly' });
  });

  it('says why a plan could not be saved', async () => {
    const { events } = setup(base, { 'PUT /api/users/u1/planUpdate': json(500, {}) });
    await events.click(await screen.findByRole('button', { name: 'Change Plan' }));
    await events.click(screen.getByRole('radio', { name: 'Family Monthly' }));
    await events.click(screen.getByRole('button', { name: 'Save plan' }));
    expect(await screen.findByText(messages.planSaveFailed)).toBeInTheDocument();
  });

  it('shows the server refusal and the missing-account message', async () => {
    const refused = setup(base, { 'PUT /api/users/u1/planUpdate': json(403, { message: messages.planChangeRefused }) });
    await refused.events.click(await screen.findByRole('button', { name: 'Change Plan' }));
    await refused.events.click(screen.getByRole('button', { name: 'Save plan' }));
    expect(await screen.findByText(messages.planChangeRefused)).toBeInTheDocument();
    refused.unmount();

    const anonymous = setup({ ...base, id: '' });
    await anonymous.events.click(await screen.findByRole('button', { name: 'Change Plan' }));
    await anonymous.events.click(screen.getByRole('button', { name: 'Save plan' }));
    expect(screen.getByText(messages.missingAccount)).toBeInTheDocument();
  });

  it('Proceed stores the checkout payload and goes to /payment with it', async () => {
    const { events, router } = setup({
      ...base,
      billingAddress: { street: '1 Main St', city: 'Saint Louis', state: 'MO', zip: '63101', country: 'United States' },
    });
    const proceed = await screen.findByRole<HTMLButtonElement>('button', { name: 'Proceed to Payment Gateway' });
    await waitFor(() => expect(proceed.disabled).toBe(false));
    await events.click(proceed);
    await waitFor(() => expect(router.state.location.pathname).toBe('/payment'));
    // The payload goes in the navigation state; storage keeps only the plan, never contact data.
    expect(JSON.parse(window.sessionStorage.getItem('checkoutData')!)).toEqual({ planId: 'individualMonthly' });
    expect((router.state.location.state as { checkoutData: unknown }).checkoutData).toMatchObject({
      planId: 'individualMonthly',
      planName: 'Individual Monthly',
      planPrice: '$29.99',
      planAmount: 29.99,
      planDescription: 'Unlimited visits for one adult.',
      planFeatures: testPlans[0]!.features,
      planPeriod: 'month',
      user: {
        id: 'u1',
        email: 'pat@example.com',
        firstName: 'Pat',
        lastName: 'Lee',
        phone: '3145550100',
        zip: '63101',
        street: '1 Main St',
        subscriptionStatus: 'pending',
      },
      billingAddress: { street: '1 Main St', city: 'Saint Louis', state: 'MO', zip: '63101', country: 'United States' },
      contact: { fullName: 'Pat Lee', email: 'pat@example.com', phone: '3145550100', address: '1 Main St', city: 'Saint Louis' },
    });
  });

  it('opens the chooser on a plan picked on the home page and pays for that plan', async () => {
    window.sessionStorage.setItem('selectedPlan', 'Family Monthly');
    const { events, router } = setup(base);
    const family = await screen.findByRole<HTMLInputElement>('radio', { name: 'Family Monthly' });
    expect(family.checked).toBe(true);
    await events.click(screen.getByRole('button', { name: 'Proceed to Payment Gateway' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/payment'));
    expect((JSON.parse(window.sessionStorage.getItem('checkoutData')!) as { planId: string }).planId).toBe('familyMonthly');
  });
});
