import { messages } from '@app/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { json, renderAt } from '../../test/helpers';
import AdminPage from './admin-page';
import { dashboardApi } from './test/fixtures';

// uPlot draws on a canvas, which the test DOM (happy-dom) does not paint; the charts' own module is replaced.
vi.mock('../../features/analytics/components/series-charts', () => ({ default: () => <p>Charts drawn</p> }));

function setup(handlers: Parameters<typeof dashboardApi>[0] = {}, path = '/admin') {
  const api = dashboardApi(handlers);
  return { api, ...renderAt('/admin/*', <AdminPage />, { url: path, routePath: '/admin/*' }) };
}

const nav = () => screen.getByRole('navigation', { name: 'Admin sections' });

describe('the console', () => {
  it('lists every section in its navigation, marks the current one, and opens each at a path of its own', async () => {
    const { router } = setup();
    expect(await screen.findByRole('heading', { level: 1, name: 'Admin dashboard' })).toBeInTheDocument();
    const links = within(nav()).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Overview', '/admin'],
      ['Members', '/admin/members'],
      ['Visits', '/admin/visits'],
      ['Clinicians', '/admin/clinicians'],
      ['Expenses', '/admin/expenses'],
      ['Profit', '/admin/profit'],
      ['Enquiries', '/admin/enquiries'],
      ['Audit log', '/admin/audit-log'],
      ['Settings', '/admin/settings'],
    ]);
    expect(within(nav()).getByRole('link', { name: 'Overview' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('region', { name: 'Analytics' })).toBeInTheDocument();

    await userEvent.click(within(nav()).getByRole('link', { name: 'Members' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Members' })).toBeInTheDocument();
    expect(within(nav()).getByRole('link', { name: 'Members' })).toHaveAttribute('aria-current', 'page');
    expect(await screen.findByRole('link', { name: 'Ada Lovelace' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Users JSON' })).toBeInTheDocument();

    await userEvent.click(within(nav()).getByRole('link', { name: 'Expenses' }));
    expect(await screen.findByRole('region', { name: 'Expenses' })).toBeInTheDocument();
    await userEvent.click(within(nav()).getByRole('link', { name: 'Clinicians' }));
    expect(await screen.findByRole('heading', { name: 'Mary Seacole, MD', level: 3 })).toBeInTheDocument();
    await userEvent.click(within(nav()).getByRole('link', { name: 'Visits' }));
    expect(await screen.findByRole('region', { name: 'Visits, last 30 days' })).toBeInTheDocument();
    await userEvent.click(within(nav()).getByRole('link', { name: 'Profit' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Profit' })).toBeInTheDocument();

    await router.navigate('/admin/nothing-here');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin'));
  });

  it("opens a member's page from the table, and goes back to the table as it was left", async () => {
    const { router } = setup({}, '/admin/members?status=active');
    await userEvent.click(await screen.findByRole('link', { name: 'Ada Lovelace' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Ada Lovelace' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/members/u-1');
    await userEvent.click(screen.getByRole('link', { name: /Members/, current: false }));
    await waitFor(() => expect(router.state.location.search).toBe('?status=active'));
  });

  it('folds its navigation behind a Menu button that says whether it is open', async () => {
    setup();
    const menu = await screen.findByRole('button', { name: 'Menu' });
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    expect(menu).toHaveAttribute('aria-controls', 'console-nav-menu');
    await userEvent.click(menu);
    expect(menu).toHaveAttribute('aria-expanded', 'true');
    await userEvent.click(within(nav()).getByRole('link', { name: 'Members' }));
    await waitFor(() => expect(menu).toHaveAttribute('aria-expanded', 'false'));
    // The current page's own link closes it too.
    await userEvent.click(menu);
    await userEvent.click(within(nav()).getByRole('link', { name: 'Members' }));
    expect(menu).toHaveAttribute('aria-expanded', 'false');
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
    const { router } = setup({ 'PUT /api/admin/users/u-1': json(401, {}) }, '/admin/members/u-1');
    const card = within(await screen.findByRole('region', { name: 'Details' }));
    await userEvent.type(card.getByLabelText('Last name'), 'x');
    await userEvent.click(card.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('forgets its answers when it closes: the next visit asks the server again', async () => {
    const { api, router } = setup({}, '/admin/members');
    expect(await screen.findByRole('link', { name: 'Ada Lovelace' })).toBeInTheDocument();
    await router.navigate('/login');
    expect(await screen.findByRole('heading', { name: 'stub /login' })).toBeInTheDocument();
    await router.navigate('/admin/members');
    expect(await screen.findByRole('link', { name: 'Ada Lovelace' })).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/admin/me')).toHaveLength(2);
  });

  it('sends a non-admin to the profile, dropping the stored admin role that would lead back', async () => {
    const { router } = setup({ 'GET /api/admin/me': json(403, {}) });
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
    expect(JSON.parse(window.sessionStorage.getItem('authUser')!)).toMatchObject({ roles: [] });
  });
});
