import { AUTO_RENEWAL_TERMS_VERSION, messages } from '@app/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi, renderAt, testPlans, type RecordedCall } from '../../../test/helpers';
import { buildCheckoutData, type CheckoutData } from '../checkout-data';
import CheckoutPage from './checkout-page';

const profile = {
  id: 'u1',
  email: 'pat@example.com',
  firstName: 'Pat',
  lastName: 'Lee',
  fullName: 'Pat Lee',
  customerPhone: '3145550100',
  zip: '63101',
  subscriptionStatus: 'pending',
  billingAddress: { street: '1 Main St', city: 'Saint Louis', state: 'MO', zip: '63101', country: 'United States' },
} as unknown as Parameters<typeof buildCheckoutData>[0];

const checkoutData = (patch: Partial<CheckoutData> = {}): CheckoutData => ({ ...buildCheckoutData(profile, testPlans[0]!), ...patch });

const paidUser = {
  ...profile,
  subscriptionStatus: 'active',
  subscriptionPlan: 'individualMonthly',
  nextSubscriptionRenewDate: '2026-12-22T08:01:02-06:00',
  cardDetails: { cardholderName: 'Pat Lee', last4: '4242', expiry: '12/40', brand: 'Visa' },
};

type Handlers = Parameters<typeof mockApi>[0];

function setup(handlers: Handlers = {}, options: { data?: CheckoutData | null; via?: 'state' | 'storage' } = {}) {
  window.sessionStorage.setItem('authUser', JSON.stringify({ id: 'u1', email: 'pat@example.com', verified: true }));
  window.sessionStorage.setItem('authToken', 'token');
  const data = options.data === undefined ? checkoutData() : options.data;
  if (data && options.via === 'storage') window.sessionStorage.setItem('checkoutData', JSON.stringify(data));
  // After a reload the page reads who pays from the profile.
  const api = mockApi({ 'GET /api/plans': json(200, testPlans), 'GET /api/users/me': json(200, profile), ...handlers });
  const events = userEvent.setup();
  const view = renderAt('/payment', <CheckoutPage />, { state: data && options.via !== 'storage' ? { checkoutData: data } : null });
  return { api, events, ...view };
}

const field = (label: string) => screen.getByLabelText<HTMLInputElement>(label);

async function fillCard(events: ReturnType<typeof userEvent.setup>, number = '4242 4242 4242 4242', cvc = '123') {
  await events.type(field('Name on card'), 'Pat Lee');
  await events.type(field('Card number'), number);
  await events.type(field('Expiry (MM/YY)'), '1240');
  await events.type(field('CVC'), cvc);
}

const payButton = () => screen.getByRole<HTMLButtonElement>('button', { name: /^Pay / });

const scrollIntoView = vi.fn();
beforeEach(() => {
  scrollIntoView.mockClear();
  Element.prototype.scrollIntoView = scrollIntoView;
});

describe('checkout page', () => {
  it('without checkout data says it is preparing, then goes back to the profile', async () => {
    const { router } = setup({}, { data: null });
    expect(screen.getByText('Preparing checkout…')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
  });

  it('after a reload goes back to the profile when the profile cannot be read', async () => {
    const { router } = setup({ 'GET /api/users/me': json(503, { message: 'down' }) }, { via: 'storage' });
    expect(screen.getByText('Preparing checkout…')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
  });

  it('after a reload shows the stored plan from the catalogue and prefills the form from the profile', async () => {
    // A forged price in storage changes nothing: the catalogue is the one source of prices.
    const forged = checkoutData({ planPrice: '$0.01', planAmount: 0.01 });
    setup({}, { data: { ...forged, contact: { ...forged.contact, phone: '2125550123' } }, via: 'storage' });
    expect(await screen.findByRole('button', { name: 'Pay $29.99' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Secure Checkout' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Complete your subscription' })).toBeInTheDocument();
    const summary = screen.getByRole('complementary', { name: 'Order summary' });
    expect(within(summary).getByText('Individual Monthly')).toBeInTheDocument();
    expect(within(summary).getByText('/mo')).toBeInTheDocument();
    expect(within(summary).getByText('Unlimited 24/7 doctor visits')).toBeInTheDocument();
    expect(screen.getByText(/Payments are encrypted/)).toBeInTheDocument();
    expect(field('Email').value).toBe('pat@example.com');
    expect(field('Phone').value).toBe('(314) 555-0100');
    expect(field('Full name').value).toBe('Pat Lee');
    expect(field('Street address').value).toBe('1 Main St');
    expect(field('City').value).toBe('Saint Louis');
    expect(field('State').value).toBe('MO');
    expect(field('ZIP').value).toBe('63101');
    expect(field('Country').value).toBe('United States');
    expect(field('Card number').value).toBe('');
    expect(field('Card number').autocomplete).toBe('cc-number');
    expect(field('Card number').inputMode).toBe('numeric');
    expect(field('Expiry (MM/YY)').autocomplete).toBe('cc-exp');
    expect(field('CVC').autocomplete).toBe('cc-csc');
    expect(field('Name on card').autocomplete).toBe('cc-name');
  });

  it('filters the card number, expiry and CVC as they are typed, and shows the card brand', async () => {
    const { events } = setup();
    await screen.findByRole('button', { name: 'Pay $29.99' });
    await events.type(field('Card number'), 'ab4242-4242 4242 4242 999 77');
    expect(field('Card number').value).toBe('4242 4242 4242 4242 999');
    expect(screen.getByText('Card type: Visa')).toBeInTheDocument();
    await events.type(field('Expiry (MM/YY)'), '1a2/2x9');
    expect(field('Expiry (MM/YY)').value).toBe('12/29');
    await events.type(field('CVC'), '1x2345');
    expect(field('CVC').value).toBe('1234');

    for (const [number, brand] of [
      ['5555 5555 5555 4444', 'Mastercard'],
      ['3782 822463 10005', 'American Express'],
      ['6011 1111 1111 1117', 'Discover'],
    ] as const) {
      await events.clear(field('Card number'));
      await events.type(field('Card number'), number);
      expect(field('Card number').value).toBe(number);
      expect(screen.getByText(`Card type: ${brand}`)).toBeInTheDocument();
    }
  });

  it('validates on blur with its shared messages', async () => {
    const { events } = setup();
    await screen.findByRole('button', { name: 'Pay $29.99' });
    const errorOf = (label: string) => {
      const id = field(label)
        .getAttribute('aria-describedby')
        ?.split(' ')
        .find((part) => part.endsWith('-error'));
      return id ? document.getElementById(id)?.textContent : null;
    };

    await events.type(field('Card number'), '4242424242424241');
    await events.tab();
    expect(errorOf('Card number')).toBe(messages.cardNumberInvalid);
    await events.clear(field('Card number'));
    await events.type(field('Card number'), '4242');
    // A shown error follows the field while it is corrected.
    expect(errorOf('Card number')).toBe(messages.cardNumberLength);
    await events.type(field('Card number'), '424242424242');
    expect(errorOf('Card number')).toBeNull();
    expect(field('Card number').getAttribute('aria-invalid')).toBeNull();

    await events.type(field('Expiry (MM/YY)'), '1330');
    await events.tab();
    expect(errorOf('Expiry (MM/YY)')).toBe(messages.expiryMonth);
    await events.clear(field('Expiry (MM/YY)'));
    await events.type(field('Expiry (MM/YY)'), '0120');
    await events.tab();
    expect(errorOf('Expiry (MM/YY)')).toBe(messages.cardExpired);
    await events.clear(field('Expiry (MM/YY)'));
    await events.type(field('Expiry (MM/YY)'), '1');
    await events.tab();
    expect(errorOf('Expiry (MM/YY)')).toBe(messages.expiryFormat);

    await events.clear(field('Card number'));
    await events.type(field('Card number'), '378282246310005');
    await events.type(field('CVC'), '123');
    await events.tab();
    expect(errorOf('CVC')).toBe('CVC must be 4 digits.');

    await events.clear(field('Full name'));
    await events.tab();
    expect(errorOf('Full name')).toBe('Full name is required.');
    await events.clear(field('Email'));
    await events.type(field('Email'), 'pat@');
    await events.tab();
    expect(errorOf('Email')).toBe(messages.forgotInvalid);
    await events.clear(field('Phone'));
    await events.type(field('Phone'), '555-0100');
    await events.tab();
    expect(errorOf('Phone')).toBe(messages.paymentPhone);
  });

  it('on submit shows every error, scrolls to and focuses the first, and sends nothing', async () => {
    const { api, events } = setup();
    await screen.findByRole('button', { name: 'Pay $29.99' });
    await events.clear(field('City'));
    await events.click(payButton());
    expect(document.activeElement).toBe(field('City'));
    expect(scrollIntoView).toHaveBeenCalled();
    expect(screen.getByText('City is required.')).toBeInTheDocument();
    expect(screen.getByText('Name on card is required.')).toBeInTheDocument();
    expect(screen.getByText(messages.cardNumberLength)).toBeInTheDocument();
    expect(screen.getByText(messages.expiryFormat)).toBeInTheDocument();
    expect(screen.getByText('CVC must be 3 digits.')).toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/users/u1/subscription')).toHaveLength(0);
  });

  it('pays with an Idempotency-Key, shows Processing… while busy, then the success state', async () => {
    let release: (response: Response) => void = () => undefined;
    const { api, events, router } = setup({
      'PUT /api/users/u1/subscription': () => new Promise<Response>((resolve) => (release = resolve)),
    });
    await screen.findByRole('button', { name: 'Pay $29.99' });
    await fillCard(events);
    // The auto-renewal terms the purchase is made under describe the pay button.
    expect(payButton()).toHaveAccessibleDescription(
      'Renews every 30 days at $29.99 until you cancel. Cancel online any time from your profile.',
    );
    await events.click(payButton());
    const busy = await screen.findByRole<HTMLButtonElement>('button', { name: 'Processing…' });
    expect(busy.disabled).toBe(true);

    const [call] = api.callsTo('PUT', '/api/users/u1/subscription') as [RecordedCall];
    expect(call.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(call.body).toMatchObject({
      planId: 'individualMonthly',
      emailId: 'pat@example.com',
      methodOfSubscription: 'online',
      autoRenewalTermsVersion: AUTO_RENEWAL_TERMS_VERSION,
      billingAddress: { street: '1 Main St', city: 'Saint Louis', state: 'MO', zip: '63101', country: 'United States' },
      contact: { fullName: 'Pat Lee', email: 'pat@example.com', phone: '3145550100' },
      cardDetails: { cardholderName: 'Pat Lee', cardNumber: '4242424242424242', cvv: '123', expiry: '12/40', last4: '4242', brand: 'Visa' },
      subscriptionCancelledDate: null,
      subscriptionMethodOfCancelling: '',
    });
    expect((call.body as { subscriptionStartDate: string }).subscriptionStartDate).toMatch(/-0[56]:00$/);

    release(json(200, { message: messages.paymentSuccess, statusMessage: messages.paymentSuccess, user: paidUser }));
    expect(await screen.findByRole('heading', { name: 'Payment complete' })).toBeInTheDocument();
    expect(screen.getByText(messages.paymentSuccess)).toBeInTheDocument();
    expect(screen.getByText('December 22, 2026')).toBeInTheDocument();
    expect(window.sessionStorage.getItem('checkoutData')).toBeNull();
    // Nothing about the card is kept in storage.
    const stored = JSON.stringify({ ...window.sessionStorage }) + JSON.stringify({ ...window.localStorage });
    expect(stored).not.toContain('4242424242424242');
    expect(stored).not.toContain('"123"');

    // Seeing a doctor is the main next step.
    expect(screen.getByRole('link', { name: 'Start a visit' }).getAttribute('href')).toBe('/visits/new');
    await events.click(screen.getByRole('button', { name: 'Return to profile' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
  });

  it('retries the same submission under the same key after a network error, and uses a new key once a field changes', async () => {
    let fail = true;
    const { api, events } = setup({
      'PUT /api/users/u1/subscription': () => {
        if (fail) throw new TypeError('Failed to fetch');
        return json(402, { message: messages.declined.card_declined, code: 'card_declined' });
      },
    });
    await screen.findByRole('button', { name: 'Pay $29.99' });
    await fillCard(events);
    await events.click(payButton());
    expect(await screen.findByText(messages.paymentUnavailable)).toBeInTheDocument();
    await events.click(payButton());
    await waitFor(() => expect(api.callsTo('PUT', '/api/users/u1/subscription')).toHaveLength(2));
    const [first, second] = api.callsTo('PUT', '/api/users/u1/subscription') as [RecordedCall, RecordedCall];
    expect(second.headers['Idempotency-Key']).toBe(first.headers['Idempotency-Key']);
    expect(second.body).toEqual(first.body);

    await events.clear(field('CVC'));
    await events.type(field('CVC'), '321');
    fail = false;
    await events.click(payButton());
    await waitFor(() => expect(api.callsTo('PUT', '/api/users/u1/subscription')).toHaveLength(3));
    const third = api.callsTo('PUT', '/api/users/u1/subscription')[2]!;
    expect(third.headers['Idempotency-Key']).not.toBe(first.headers['Idempotency-Key']);
  });

  it('sends the same submission under the same key after a proxy lost the server answering it (502)', async () => {
    let calls = 0;
    const { api, events } = setup({
      'PUT /api/users/u1/subscription': () => (calls++ === 0 ? new Response('', { status: 502 }) : json(200, { user: paidUser })),
    });
    await screen.findByRole('button', { name: 'Pay $29.99' });
    await fillCard(events);
    await events.click(payButton());
    expect(await screen.findByText(messages.paymentUnavailable)).toBeInTheDocument();
    await events.click(payButton());
    await waitFor(() => expect(api.callsTo('PUT', '/api/users/u1/subscription')).toHaveLength(2));
    const [first, second] = api.callsTo('PUT', '/api/users/u1/subscription') as [RecordedCall, RecordedCall];
    expect(second.headers['Idempotency-Key']).toBe(first.headers['Idempotency-Key']);
  });

  it('shows a decline from the server and no success; trying again is a new payment', async () => {
    const { api, events } = setup({
      'PUT /api/users/u1/subscription': json(402, { message: messages.declined.card_declined, code: 'card_declined' }),
    });
    await screen.findByRole('button', { name: 'Pay $29.99' });
    await fillCard(events, '4000 0000 0000 0002');
    await events.click(payButton());
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(messages.declined.card_declined);
    expect(screen.queryByRole('heading', { name: 'Payment complete' })).toBeNull();
    expect(payButton().disabled).toBe(false);
    await events.click(payButton());
    await waitFor(() => expect(api.callsTo('PUT', '/api/users/u1/subscription')).toHaveLength(2));
    const [first, second] = api.callsTo('PUT', '/api/users/u1/subscription') as [RecordedCall, RecordedCall];
    expect(second.headers['Idempotency-Key']).not.toBe(first.headers['Idempotency-Key']);
  });

  it('shows the server field errors next to the fields', async () => {
    const { events } = setup({
      'PUT /api/users/u1/subscription': json(400, {
        message: 'Enter a valid phone number.',
        errors: { 'contact.phone': messages.paymentPhone, 'cardDetails.cardNumber': messages.cardNumberInvalid },
      }),
    });
    await screen.findByRole('button', { name: 'Pay $29.99' });
    await fillCard(events);
    await events.click(payButton());
    await waitFor(() => expect(field('Phone').getAttribute('aria-invalid')).toBe('true'));
    expect(field('Card number').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getAllByText(messages.cardNumberInvalid).length).toBeGreaterThan(0);
    expect(document.activeElement).toBe(field('Phone'));
  });

  it('falls back to the unavailable message when the server says nothing', async () => {
    const { events } = setup({ 'PUT /api/users/u1/subscription': new Response('', { status: 502 }) });
    await screen.findByRole('button', { name: 'Pay $29.99' });
    await fillCard(events);
    await events.click(payButton());
    expect(await screen.findByText(messages.paymentUnavailable)).toBeInTheDocument();
  });

  it('needs an account id or e-mail to pay', async () => {
    window.sessionStorage.setItem('authUser', JSON.stringify({ verified: true, token: 't' }));
    const data = checkoutData();
    const anonymous = { ...data, user: { ...data.user, id: '', email: '' } };
    const api = mockApi({ 'GET /api/plans': json(200, testPlans) });
    const events = userEvent.setup();
    renderAt('/payment', <CheckoutPage />, { state: { checkoutData: anonymous } });
    await screen.findByRole('button', { name: 'Pay $29.99' });
    await fillCard(events);
    await events.click(payButton());
    expect(await screen.findByText(messages.paymentVerifyAccount)).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
  });

  it('Cancel goes back to the profile', async () => {
    const { events, router } = setup({}, { via: 'storage' });
    await screen.findByRole('button', { name: 'Pay $29.99' });
    await events.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
  });
});
