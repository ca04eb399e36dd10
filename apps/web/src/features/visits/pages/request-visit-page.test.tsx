import { messages } from '@app/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi, renderAt } from '../../../test/helpers';
import RequestVisitPage from './request-visit-page';

const patient = {
  id: 'u1',
  email: 'pat@example.com',
  firstName: 'Pat',
  lastName: 'Lee',
  customerPhone: '3145550100',
  subscriptionStatus: null,
  subscriptionPlan: null,
};
const visit = { id: 'v1', status: 'waiting', service: 'urgent-care' };

function setup(answer: ReturnType<typeof json>, profile: Record<string, unknown> = patient, unusedVisits: string[] = []) {
  window.sessionStorage.setItem('authUser', JSON.stringify({ id: 'u1', email: 'pat@example.com', verified: true }));
  window.sessionStorage.setItem('authToken', 'token');
  const api = mockApi({
    'GET /api/users/me': json(200, profile),
    'GET /api/users/me/unused-visits': json(200, { services: unusedVisits }),
    'POST /api/visits': answer,
  });
  const events = userEvent.setup();
  const view = renderAt('/visits/new', <RequestVisitPage />, { url: '/visits/new?service=urgent-care' });
  return { api, events, ...view };
}

const field = (label: string) => screen.getByLabelText<HTMLInputElement>(label);

async function fillRequest(events: ReturnType<typeof userEvent.setup>) {
  await events.selectOptions(await screen.findByLabelText('Where are you right now?'), 'MO');
  await events.type(field('Describe your symptoms'), 'Fever and a sore throat');
  await events.selectOptions(field('Since when?'), 'days');
  await events.click(field('I agree to receive care by telehealth'));
}

async function fillCard(events: ReturnType<typeof userEvent.setup>, number: string) {
  await events.type(field('Street address'), '500 Market St');
  await events.type(field('City'), 'Saint Louis');
  await events.type(field('State'), 'MO');
  await events.type(field('ZIP'), '63101');
  await events.type(field('Name on card'), 'Pat Lee');
  await events.type(field('Card number'), number);
  await events.type(field('Expiry (MM/YY)'), '1240');
  await events.type(field('CVC'), '123');
}

beforeEach(() => {
  Element.prototype.scrollIntoView = vi.fn();
});

describe('requesting a visit without a membership', () => {
  it("shows the service's price and pays for the visit with the request, under one purchase key, then opens the waiting room", async () => {
    const { api, events } = setup(json(201, { visit }));
    expect(await screen.findByText(/This visit costs \$49\.00/)).toBeInTheDocument();
    await fillRequest(events);
    await fillCard(events, '4242 4242 4242 4242');
    await events.click(screen.getByRole('button', { name: 'Pay and request a visit' }));

    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/visits/v1'));
    const [call] = api.callsTo('POST', '/api/visits');
    expect(call!.body).toMatchObject({
      service: 'urgent-care',
      state: 'MO',
      payment: {
        billingAddress: { street: '500 Market St', city: 'Saint Louis', state: 'MO', zip: '63101', country: 'United States' },
        cardDetails: { cardholderName: 'Pat Lee', cardNumber: '4242424242424242', cvv: '123', expiry: '12/40' },
      },
    });
    expect(call!.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('asks for the card before anything is sent', async () => {
    const { api, events } = setup(json(201, { visit }));
    await fillRequest(events);
    await events.click(screen.getByRole('button', { name: 'Pay and request a visit' }));
    expect(await screen.findByText(messages.cardNumberLength)).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/visits')).toHaveLength(0);
  });

  it("shows a declined card's message and stays on the form", async () => {
    const { events } = setup(json(402, { message: messages.declined.card_declined, code: 'card_declined' }));
    await fillRequest(events);
    await fillCard(events, '4000 0000 0000 0002');
    await events.click(screen.getByRole('button', { name: 'Pay and request a visit' }));
    expect(await screen.findByText(messages.declined.card_declined)).toBeInTheDocument();
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
  });

  it('asks for no card when a visit of the service is paid for already and unused, and says so', async () => {
    const { api, events } = setup(json(201, { visit }), patient, ['urgent-care']);
    expect(await screen.findByText(messages.visitPaidAlready('Urgent care visit'))).toBeInTheDocument();
    expect(screen.queryByLabelText('Card number')).not.toBeInTheDocument();
    await fillRequest(events);
    await events.click(screen.getByRole('button', { name: 'Request a visit' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/visits/v1'));
    const [call] = api.callsTo('POST', '/api/visits');
    expect(call!.body).not.toHaveProperty('payment');
    expect(call!.headers['Idempotency-Key']).toBeUndefined();
  });

  it('asks a member for no card', async () => {
    const { api, events } = setup(json(201, { visit }), {
      ...patient,
      subscriptionStatus: 'active',
      subscriptionPlan: 'individualMonthly',
    });
    await fillRequest(events);
    expect(screen.queryByText(/This visit costs/)).not.toBeInTheDocument();
    await events.click(screen.getByRole('button', { name: 'Request a visit' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/visits/v1'));
    expect(api.callsTo('POST', '/api/visits')[0]!.body).not.toHaveProperty('payment');
  });
});
