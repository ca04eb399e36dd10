import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet, RouterProvider, createMemoryRouter, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { json, mockApi } from '../../test/helpers';
import { Navbar } from './navbar';
import { brand } from '../../lib/brand';

function Where() {
  const location = useLocation();
  return <p data-testid="location">{location.pathname + location.hash}</p>;
}

function renderNav(path = '/', formVariant = false) {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: (
          <>
            <Navbar formVariant={formVariant} />
            <Outlet />
          </>
        ),
        children: [
          { path: '*', element: <Where /> },
          { index: true, element: <Where /> },
        ],
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

/** The names of the menu's top-level entries, in order. */
function menuEntries() {
  const nav = screen.getByRole('navigation', { name: 'Main' });
  const list = nav.querySelector('.nav__list')!;
  return Array.from(list.children).map((li) => {
    const control = li.querySelector(':scope > a, :scope > button')!;
    return control.textContent.trim();
  });
}

const bookingHref = () => screen.getAllByRole('link', { name: 'Book an Appointment' }).map((link) => link.getAttribute('href'));

describe('the navigation bar', () => {
  it('lists the menu in its fixed order for a visitor, with Sign In and booking at /consult', () => {
    renderNav();
    expect(menuEntries()).toEqual(['Home', 'Our Services', 'Plans', 'About Us', 'Learn More', 'Contact Us', 'Blogs', 'Sign In']);
    expect(new Set(bookingHref())).toEqual(new Set(['/consult']));
    expect(screen.getByRole('link', { name: 'Plans' }).getAttribute('href')).toBe('/#plans');
    expect(screen.getByRole('link', { name: 'About Us' }).getAttribute('href')).toBe('/#about');
    expect(screen.getByRole('link', { name: 'Contact Us' }).getAttribute('href')).toBe('/contact');
  });

  it('shows My Profile and Sign Out to a signed-in patient, and books at /profile', () => {
    signIn(['user']);
    renderNav();
    expect(menuEntries()).toEqual([
      'Home',
      'Our Services',
      'Plans',
      'About Us',
      'Learn More',
      'Contact Us',
      'Blogs',
      'My Profile',
      'Sign Out',
    ]);
    expect(screen.getByRole('link', { name: 'My Profile' }).getAttribute('href')).toBe('/profile');
    expect(new Set(bookingHref())).toEqual(new Set(['/visits/new']));
  });

  it('shows Admin once, instead of My Profile, to an admin, and books at /admin', () => {
    signIn(['ROLE_ADMIN']);
    renderNav();
    expect(menuEntries()).toEqual(['Home', 'Our Services', 'Plans', 'About Us', 'Learn More', 'Contact Us', 'Blogs', 'Admin', 'Sign Out']);
    expect(screen.getAllByRole('link', { name: 'Admin' }).map((link) => link.getAttribute('href'))).toEqual(['/admin']);
    expect(screen.queryByRole('link', { name: 'My Profile' })).toBeNull();
    expect(new Set(bookingHref())).toEqual(new Set(['/admin']));
  });

  it('has the three dropdowns with their links', () => {
    renderNav();
    const expected: Record<string, Array<[string, string]>> = {
      'Our Services': [
        ['All Services', '/#services'],
        ['Primary Care', '/services/primary-care'],
        ["Women's Health", '/services/womens-health'],
        ["Kid's Treatment", '/services/pediatric-care'],
      ],
      'Learn More': [
        ['How It Works', '/#how'],
        ['Patient Stories', '/#testimonials'],
        [`Why ${brand.name}`, '/#why'],
        ['FAQs', '/#faq'],
      ],
      Blogs: [
        ['Caregiver Support Tips', '/tips/caregiver-support'],
        ['What To Expect (First Visit)', '/tips/first-visit'],
        ['Preventive Care Routine', '/tips/preventive-care'],
      ],
    };
    for (const [label, links] of Object.entries(expected)) {
      const trigger = screen.getByRole('button', { name: label });
      const list = document.getElementById(trigger.getAttribute('aria-controls')!)!;
      expect(trigger.getAttribute('aria-expanded')).toBe('false');
      expect(list.hidden).toBe(true);
      const found = within(list)
        .getAllByRole('link', { hidden: true })
        .map((a) => [a.textContent, a.getAttribute('href')]);
      expect(found).toEqual(links);
    }
  });

  it('signs out: POST logout, storage cleared, auth-changed, then /login', async () => {
    const api = mockApi({ 'POST /api/auth/logout': json(204, undefined) });
    signIn(['user']);
    window.localStorage.setItem('lastSelectedPlan', 'familyMonthly');
    let announced = 0;
    window.addEventListener('auth-changed', () => (announced += 1), { once: true });
    const router = renderNav('/contact');
    await userEvent.click(screen.getByRole('button', { name: 'Sign Out' }));
    await screen.findByRole('link', { name: 'Sign In' });
    expect(api.callsTo('POST', '/api/auth/logout')).toHaveLength(1);
    expect(window.sessionStorage.getItem('authUser')).toBeNull();
    expect(window.localStorage.getItem('lastSelectedPlan')).toBeNull();
    expect(announced).toBe(1);
    expect(router.state.location.pathname).toBe('/login');
  });

  it('drops the logo in the form variant', () => {
    renderNav('/login', true);
    const home = screen.getByRole('link', { name: 'CareConnect 24/7 home' });
    expect(home.querySelector('svg')).toBeNull();
    cleanup();
    renderNav('/');
    expect(screen.getByRole('link', { name: 'CareConnect 24/7 home' }).querySelector('svg')).not.toBeNull();
  });

  it('opens and closes the phone menu with the Menu button and Escape', async () => {
    const user = userEvent.setup();
    renderNav();
    const toggle = screen.getByRole('button', { name: 'Menu' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(toggle.getAttribute('aria-controls')).toBe('site-menu');
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(document.documentElement.classList.contains('nav-open')).toBe(true);
    await user.click(screen.getByRole('link', { name: 'About Us' }));
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(document.documentElement.classList.contains('nav-open')).toBe(false);
    await user.click(toggle);
    await user.keyboard('{Escape}');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(toggle);
  });
});

describe('the dropdown menus', () => {
  it('open on keyboard focus, move with the arrow keys, and close on Escape with focus back on the button', async () => {
    const user = userEvent.setup();
    renderNav();
    const trigger = screen.getByRole('button', { name: 'Learn More' });
    act(() => trigger.focus());
    expect(trigger.getAttribute('aria-expanded')).toBe('true');

    await user.keyboard('{ArrowDown}');
    expect(document.activeElement?.textContent).toBe('How It Works');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(document.activeElement?.textContent).toBe(`Why ${brand.name}`);
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(document.activeElement?.textContent).toBe('How It Works'); // wraps
    await user.keyboard('{ArrowUp}');
    expect(document.activeElement?.textContent).toBe('FAQs');
    await user.keyboard('{Home}');
    expect(document.activeElement?.textContent).toBe('How It Works');
    await user.keyboard('{End}');
    expect(document.activeElement?.textContent).toBe('FAQs');

    await user.keyboard('{Escape}');
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(trigger);
  });

  it('open from the button with ArrowUp on the last link', async () => {
    const user = userEvent.setup();
    renderNav();
    const trigger = screen.getByRole('button', { name: 'Blogs' });
    act(() => trigger.focus());
    await user.keyboard('{Escape}');
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
    await user.keyboard('{ArrowUp}');
    expect(trigger.getAttribute('aria-expanded')).toBe('true');
    expect(document.activeElement?.textContent).toBe('Preventive Care Routine');
  });

  it('close when focus leaves them', async () => {
    const user = userEvent.setup();
    renderNav();
    const services = screen.getByRole('button', { name: 'Our Services' });
    act(() => services.focus());
    expect(services.getAttribute('aria-expanded')).toBe('true');
    // Through the four links and out to Plans.
    await user.tab();
    await user.tab();
    await user.tab();
    await user.tab();
    expect(services.getAttribute('aria-expanded')).toBe('true');
    await user.tab();
    expect(document.activeElement?.textContent).toBe('Plans');
    expect(services.getAttribute('aria-expanded')).toBe('false');
  });

  it('toggle on click, and only one is open at a time', async () => {
    const user = userEvent.setup();
    renderNav();
    const services = screen.getByRole('button', { name: 'Our Services' });
    const learn = screen.getByRole('button', { name: 'Learn More' });
    await user.click(services);
    expect(services.getAttribute('aria-expanded')).toBe('true');
    await user.click(learn);
    expect(services.getAttribute('aria-expanded')).toBe('false');
    expect(learn.getAttribute('aria-expanded')).toBe('true');
    await user.click(learn);
    expect(learn.getAttribute('aria-expanded')).toBe('false');
  });

  it('open on hover and close when the mouse leaves; a click while hovering keeps it open', async () => {
    const user = userEvent.setup();
    renderNav();
    const services = screen.getByRole('button', { name: 'Our Services' });
    await user.hover(services);
    expect(services.getAttribute('aria-expanded')).toBe('true');
    await user.unhover(services);
    expect(services.getAttribute('aria-expanded')).toBe('false');
    await user.hover(services);
    await user.click(services);
    expect(services.getAttribute('aria-expanded')).toBe('true');
    await user.click(screen.getByTestId('location'));
    expect(services.getAttribute('aria-expanded')).toBe('false');
  });

  it('close after following a link, which goes to the page', async () => {
    const user = userEvent.setup();
    const router = renderNav();
    await user.click(screen.getByRole('button', { name: 'Blogs' }));
    await user.click(screen.getByRole('link', { name: 'What To Expect (First Visit)' }));
    expect(router.state.location.pathname).toBe('/tips/first-visit');
    expect(screen.getByRole('button', { name: 'Blogs' }).getAttribute('aria-expanded')).toBe('false');
  });
});
