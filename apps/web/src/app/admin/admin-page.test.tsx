import { messages } from '@app/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { json, renderAt } from '../../test/helpers';
import AdminPage from './admin-page';
import { dashboardApi } from './test/fixtures';

// uPlot draws on a canvas, which jsdom lacks; the charts' own module is replaced.
vi.mock('../../features/analytics/components/series-charts', () => ({ default: () => <p>Charts drawn</p> }));

function setup(handlers: Parameters<typeof dashboardApi>[0] = {}) {
  const api = dashboardApi(handlers);
  return { api, ...renderAt('/admin', <AdminPage />) };
}

async function openCard(name = 'Ada Lovelace') {
  const card = (await screen.findByRole('heading', { name, level: 3 })).closest('article')!;
  await userEvent.click(within(card).getByRole('button', { name: 'View Details' }));
  return within(card);
}

describe('the dashboard', () => {
  it('moves between the Users, Expenses and Clinicians tabs with the arrow keys', async () => {
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
    expect(screen.getByRole('tab', { name: 'Clinicians' }).getAttribute('aria-selected')).toBe('true');
    expect(await within(screen.getByRole('tabpanel')).findByRole('heading', { name: 'Mary Seacole, MD', level: 3 })).toBeInTheDocument();
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

  it('forgets its answers when it closes: the next visit asks the server again', async () => {
    const { api, router } = setup();
    expect(await screen.findByRole('heading', { name: 'Ada Lovelace', level: 3 })).toBeInTheDocument();
    await router.navigate('/login');
    expect(await screen.findByRole('heading', { name: 'stub /login' })).toBeInTheDocument();
    await router.navigate('/admin');
    expect(await screen.findByRole('heading', { name: 'Ada Lovelace', level: 3 })).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/admin/me')).toHaveLength(2);
  });

  it('sends a non-admin to the profile, dropping the stored admin role that would lead back', async () => {
    const { router } = setup({ 'GET /api/admin/me': json(403, {}) });
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
    expect(JSON.parse(window.sessionStorage.getItem('authUser')!)).toMatchObject({ roles: [] });
  });
});
