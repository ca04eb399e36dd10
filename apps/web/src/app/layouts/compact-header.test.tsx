import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet, RouterProvider, createMemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { json, mockApi } from '../../test/helpers';
import { CompactHeader } from './compact-header';

function renderHeader(path = '/profile') {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: (
          <>
            <CompactHeader />
            <Outlet />
          </>
        ),
        children: [{ path: '*', element: null }],
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

function signIn(roles: string[]) {
  window.sessionStorage.setItem('authUser', JSON.stringify({ email: 'pat@example.com', verified: true, roles }));
  window.sessionStorage.setItem('authToken', 'token');
}

const hrefOf = (name: string) => screen.getByRole('link', { name }).getAttribute('href');

describe('the compact header', () => {
  it('gives a signed-in patient the way home, to the profile, to help and out', () => {
    signIn(['user']);
    renderHeader();
    const header = screen.getByRole('banner');
    expect(
      within(header)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['CareConnect 24/7', 'My account', 'Help']);
    expect(hrefOf('CareConnect 24/7 home')).toBe('/');
    expect(hrefOf('My account')).toBe('/profile');
    expect(hrefOf('Help')).toBe('/contact#support-title');
    expect(within(header).getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
  });

  it("leads an admin's account to the dashboard", () => {
    signIn(['ROLE_ADMIN']);
    renderHeader('/admin');
    expect(hrefOf('My account')).toBe('/admin');
  });

  it("leads a clinician's account to the clinic", () => {
    signIn(['ROLE_CLINICIAN']);
    renderHeader('/clinic');
    expect(hrefOf('My account')).toBe('/clinic');
  });

  it('is not there for a visitor', () => {
    renderHeader('/login');
    expect(screen.queryByRole('banner')).toBeNull();
  });

  it('signs out like the navbar: the session ends and the sign-in page follows', async () => {
    const api = mockApi({ 'POST /api/auth/logout': json(204, undefined) });
    signIn(['user']);
    const router = renderHeader();
    await userEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(api.callsTo('POST', '/api/auth/logout')).toHaveLength(1);
    expect(window.sessionStorage.getItem('authUser')).toBeNull();
    expect(screen.queryByRole('banner')).toBeNull();
  });
});
