import { messages } from '@app/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, mockApi, renderAt, testPlans } from '../../../test/helpers';
import ChoosePlanPage from './choose-plan-page';

function setup(url: string, handlers: Parameters<typeof mockApi>[0] = {}) {
  const api = mockApi({ 'GET /api/plans': json(200, testPlans), ...handlers });
  const events = userEvent.setup();
  return { api, events, ...renderAt('/choose-plan', <ChoosePlanPage />, { url }) };
}

const signIn = () => {
  window.sessionStorage.setItem('authUser', JSON.stringify({ id: 'u1', email: 'ada@example.com', firstName: 'Ada', verified: true }));
  window.sessionStorage.setItem('authToken', 'token');
};

describe('choose-plan page', () => {
  it('welcomes an enrolled visitor with the plan from the link and leads to sign in', async () => {
    const { events, router } = setup('/choose-plan?plan=onetimevisit&firstName=Ada&lastName=Lovelace&email=ada%40example.com');
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome, Ada' })).toBeInTheDocument();
    expect(await screen.findByText('One Time Visit')).toBeInTheDocument();
    expect(screen.getByText('$59.99')).toBeInTheDocument();
    expect(screen.queryByRole('radio')).toBeNull();
    await events.click(screen.getByRole('button', { name: 'Continue to Sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('asks the server for the plan of a signed-in visitor and continues to the profile', async () => {
    signIn();
    const { api, events, router } = setup('/choose-plan', {
      'GET /api/auth/me': json(200, { id: 'u1', subscriptionPlan: 'familyMonthly' }),
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome, Ada' })).toBeInTheDocument();
    expect(await screen.findByText('Family Monthly')).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/auth/me')).toHaveLength(1);
    await events.click(screen.getByRole('button', { name: 'Continue to your profile' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
  });

  it('without a plan offers the radio list; nothing selected asks to pick one', async () => {
    const { api, events } = setup('/choose-plan?plan=gold&firstName=Ada&email=ada%40example.com');
    expect(await screen.findAllByRole('radio')).toHaveLength(3);
    await events.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByText(messages.pickPlan)).toBeInTheDocument();
    expect(document.activeElement).toBe(screen.getAllByRole('radio')[0]);
    await events.click(screen.getByRole('button', { name: 'Select Plan' }));
    expect(screen.getByText(messages.pickPlan)).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/auth/choose-plan')).toHaveLength(0);
  });

  it('Select Plan stores the choice and tells the server; Continue goes to sign in', async () => {
    const { api, events, router } = setup('/choose-plan?firstName=Ada&email=ada%40example.com', {
      'POST /api/auth/choose-plan': json(200, {
        message: messages.planNotedSignIn,
        subscriptionPlan: 'familyMonthly',
        requiresSignIn: true,
      }),
    });
    await events.click(await screen.findByRole('radio', { name: 'Family Monthly' }));
    await events.click(screen.getByRole('button', { name: 'Select Plan' }));
    expect(await screen.findByText(messages.planNotedSignIn)).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/auth/choose-plan')[0]?.body).toEqual({ plan: 'familyMonthly', email: 'ada@example.com' });
    expect(window.sessionStorage.getItem('selectedPlan')).toBe('familyMonthly');
    await events.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('without an e-mail only keeps the choice, and preselects a stored one', async () => {
    window.sessionStorage.setItem('selectedPlan', 'individualMonthly');
    const { api, events } = setup('/choose-plan');
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome' })).toBeInTheDocument();
    const individual = await screen.findByRole<HTMLInputElement>('radio', { name: 'Individual Monthly' });
    expect(individual.checked).toBe(true);
    await events.click(screen.getByRole('button', { name: 'Select Plan' }));
    expect(screen.getByText(messages.planNotedSignIn)).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/auth/choose-plan')).toHaveLength(0);
  });
});
