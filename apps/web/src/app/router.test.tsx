import { messages } from '@app/shared';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, useLocation, useRoutes, type RouteObject } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { json, mockApi, TestQueryClient } from '../test/helpers';
import { routes } from './router';
import type { PageHandle } from './split-page';

const profile = {
  id: 'u1',
  email: 'pat@example.com',
  firstName: 'Pat',
  lastName: '',
  fullName: 'Pat',
  customerPhone: '5551234567',
  zip: null,
  verified: true,
  emailVerificationStat: 'verified',
  subscriptionPlan: 'familyMonthly',
  planId: 'familyMonthly',
  subscriptionStatus: 'pending',
  roles: ['user'],
};

function signIn(roles: string[], user: Record<string, unknown> = { email: 'pat@example.com', verified: true }) {
  window.sessionStorage.setItem('authUser', JSON.stringify({ ...user, roles }));
  window.sessionStorage.setItem('authToken', 'token');
}

/** Renders the app's routes at `path`; the answer follows the address as the app moves. */
function open(path: string) {
  const at = { pathname: '', hash: '' };
  function Address() {
    ({ pathname: at.pathname, hash: at.hash } = useLocation());
    return null;
  }
  function AppRoutes() {
    return useRoutes(routes);
  }
  render(
    <TestQueryClient>
      <MemoryRouter initialEntries={[path]}>
        <Address />
        <AppRoutes />
      </MemoryRouter>
    </TestQueryClient>,
  );
  return at;
}

/** Every split page's code, fetched: the app fetches the first page's before it renders (start.tsx). */
const preloadAll = (list: RouteObject[]): Promise<unknown>[] =>
  list.flatMap((route) => [...(route.handle ? [(route.handle as PageHandle).preload()] : []), ...preloadAll(route.children ?? [])]);

describe('routes and gates', () => {
  // A page that suspends inside the testing library's act() is not retried when its code arrives.
  beforeAll(() => Promise.all(preloadAll(routes)), 60_000);
  // No test reaches the network: one that names no answers gets 599 for every call.
  beforeEach(() => void mockApi({}));

  it('sends a signed-out visitor of /profile and /payment to /login', async () => {
    mockApi({ 'GET /api/captcha/config': json(200, { mode: 'off' }) });
    const router = open('/profile');
    await waitFor(() => expect(router.pathname).toBe('/login'));
    cleanup();
    const payment = open('/payment');
    await waitFor(() => expect(payment.pathname).toBe('/login'));
  });

  it('sends a stored unverified user to /login with the guard message', async () => {
    mockApi({ 'GET /api/captcha/config': json(200, { mode: 'off' }) });
    signIn(['user'], { email: 'pat@example.com', verified: false });
    const router = open('/profile');
    await waitFor(() => expect(router.pathname).toBe('/login'));
    expect(await screen.findByText(messages.guardVerifyFirst)).toBeInTheDocument();
  });

  it('sends an admin visiting /profile to /admin, and shows who is signed in', async () => {
    mockApi({ 'GET /api/admin/me': json(200, { user: { ...profile, fullName: 'Ada Admin', email: 'admin@example.com' } }) });
    signIn(['ROLE_ADMIN']);
    const router = open('/profile');
    await waitFor(() => expect(router.pathname).toBe('/admin'));
    expect(await screen.findByRole('heading', { name: 'Admin dashboard' })).toBeInTheDocument();
    expect(await screen.findByText('Ada Admin')).toBeInTheDocument();
  });

  it("takes an admin whose session was stored without roles on to /admin once the profile's answer names them", async () => {
    const admin = { ...profile, fullName: 'Ada Admin', email: 'admin@example.com', roles: ['ROLE_ADMIN'] };
    mockApi({
      'GET /api/users/me': json(200, admin),
      'GET /api/users/me/payments': json(200, []),
      'GET /api/plans': json(200, []),
      'GET /api/admin/me': json(200, { user: admin }),
    });
    window.sessionStorage.setItem('authUser', JSON.stringify({ email: 'admin@example.com', verified: true }));
    window.sessionStorage.setItem('authToken', 'token');
    const router = open('/profile');
    await waitFor(() => expect(router.pathname).toBe('/admin'));
    expect(await screen.findByText('Ada Admin')).toBeInTheDocument();
  });

  it('keeps non-admins out of /admin', async () => {
    mockApi({ 'GET /api/users/me': json(200, profile), 'GET /api/plans': json(200, []) });
    signIn(['user']);
    const router = open('/admin');
    await waitFor(() => expect(router.pathname).toBe('/profile'));
  });

  it('sends a signed-out visitor of /admin to /login', async () => {
    mockApi({ 'GET /api/captcha/config': json(200, { mode: 'off' }) });
    const router = open('/admin');
    await waitFor(() => expect(router.pathname).toBe('/login'));
  });

  it('redirects unknown paths home and /faq to /#faq', async () => {
    const router = open('/no/such/page');
    await waitFor(() => expect(router.pathname).toBe('/'));
    const faq = open('/faq');
    await waitFor(() => expect(faq.hash).toBe('#faq'));
  });

  it('shows the navbar by role: Sign In when signed out, My Profile and Sign Out when signed in', async () => {
    open('/');
    const nav = await screen.findByRole('navigation', { name: 'Main', hidden: true });
    expect(within(nav).getByRole('link', { name: 'Sign In', hidden: true })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Book an Appointment', hidden: true }).getAttribute('href')).toBe('/consult');
    cleanup();

    signIn(['user']);
    open('/');
    const signedIn = await screen.findByRole('navigation', { name: 'Main', hidden: true });
    expect(within(signedIn).getByRole('link', { name: 'My Profile', hidden: true })).toBeInTheDocument();
    expect(within(signedIn).getByRole('button', { name: 'Sign Out', hidden: true })).toBeInTheDocument();
    expect(within(signedIn).queryByRole('link', { name: 'Sign In', hidden: true })).toBeNull();
    expect(within(signedIn).getByRole('link', { name: 'Book an Appointment', hidden: true }).getAttribute('href')).toBe('/visits/new');
  });

  it('shows the admin link instead of My Profile to an admin', async () => {
    mockApi({});
    signIn(['admin']);
    open('/');
    // Admin in place of My Profile (docs/product.md, Public site), once: a separate menu entry would repeat it.
    expect(await screen.findAllByRole('link', { name: 'Admin', hidden: true })).toHaveLength(1);
    expect(screen.queryByRole('link', { name: 'My Profile', hidden: true })).toBeNull();
    expect(screen.getByRole('button', { name: 'Sign Out', hidden: true })).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Book an Appointment', hidden: true })[0]?.getAttribute('href')).toBe('/admin');
  });

  it('sends a clinician visiting /profile to /clinic, with the clinic link in place of My Profile', async () => {
    mockApi({
      'GET /api/clinic/me': json(200, {
        firstName: 'Mary',
        lastName: 'Seacole',
        credentials: 'MD',
        npi: '1234567893',
        states: ['MO'],
        onDuty: false,
      }),
    });
    signIn(['ROLE_CLINICIAN']);
    const router = open('/profile');
    await waitFor(() => expect(router.pathname).toBe('/clinic'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Clinic' })).toBeInTheDocument();
    expect(await screen.findByText('Mary Seacole, MD')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Clinic', hidden: true })).toHaveLength(1);
    expect(screen.queryByRole('link', { name: 'My Profile', hidden: true })).toBeNull();
  });

  it('keeps patients out of /clinic, and sends a signed-out visitor to /login', async () => {
    mockApi({
      'GET /api/users/me': json(200, profile),
      'GET /api/plans': json(200, []),
      'GET /api/captcha/config': json(200, { mode: 'off' }),
    });
    signIn(['user']);
    const patient = open('/clinic');
    await waitFor(() => expect(patient.pathname).toBe('/profile'));
    cleanup();
    window.sessionStorage.clear();
    const visitor = open('/clinic');
    await waitFor(() => expect(visitor.pathname).toBe('/login'));
  });

  it('shows the admin magic-link screen without spending the token', async () => {
    const api = mockApi({});
    open('/api/auth/verify-admin-login/tok123');
    expect(await screen.findByRole('heading', { name: 'Confirm admin sign-in' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign in to the admin dashboard' })).toBeInTheDocument();
    // The frame's own background reads (country check, site settings) are not the screen's calls.
    expect(api.calls.filter((call) => !['/api/geo', '/api/site-config'].includes(call.path))).toHaveLength(0);
  });

  it('hides the navbar and footer on the reset page', async () => {
    open('/reset-password?token=abc');
    expect(await screen.findByRole('heading', { name: 'Reset your password' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main', hidden: true })).toBeNull();
    expect(screen.queryByRole('contentinfo', { hidden: true })).toBeNull();
  });
});
