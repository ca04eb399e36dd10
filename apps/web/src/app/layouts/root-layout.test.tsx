import { messages } from '@app/shared';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { resetGeoCheck } from '../../features/geo';
import { json, mockApi } from '../../test/helpers';
import { CHAT_SCRIPT_ID } from './chat';
import { RootLayout, frameFor } from './root-layout';

const pages = ['/', '/contact', '/consult', '/login', '/profile', '/admin', '/reset', '/reset-password/abc', '/choose-plan', '/careers'];

function open(path: string) {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: <RootLayout />,
        children: [
          { path: '*', element: <h1>page</h1> },
          { index: true, element: <h1>page</h1> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const navbar = () => screen.queryByRole('navigation', { name: 'Main' });
const footer = () => screen.queryByRole('contentinfo');

beforeEach(() => {
  resetGeoCheck();
});

describe('the frame around pages', () => {
  it('hides the navbar and footer on /reset*, /reset-password* and /choose-plan*', () => {
    for (const path of ['/reset', '/reset/tok', '/reset-password', '/reset-password/tok', '/choose-plan', '/choose-plan/x']) {
      expect(frameFor(path).chrome, path).toBe(false);
    }
    expect(frameFor('/resetting').chrome).toBe(true);
  });

  // At 900px and below CSS hides the frame of form pages (layout--form); the browser tests check the widths.
  it('marks the form pages for the form layout, with the navbar variant that has no logo', async () => {
    mockApi({ 'GET /api/geo': json(200, { country: 'US', state: 'Missouri', allowed: true }) });
    for (const path of ['/consult', '/contact', '/login', '/profile']) {
      expect(frameFor(path).form, path).toBe(true);
    }
    open('/contact');
    await screen.findByRole('heading', { name: 'page' });
    expect(document.querySelector('.layout')?.classList.contains('layout--form')).toBe(true);
    expect(within(navbar()!.closest('header')!).getByRole('link', { name: 'CareConnect 24/7 home' }).querySelector('svg')).toBeNull();
    expect(footer()).not.toBeNull();
  });

  it('keeps the whole frame on every other page', () => {
    for (const path of pages.filter((p) => !/reset|choose-plan|consult|contact|login|profile|admin/.test(p))) {
      expect(frameFor(path), path).toEqual({ bare: false, console: false, form: false, chrome: true });
    }
  });

  it('leaves the console at /admin to draw its own frame: no navbar, footer or form layout', () => {
    for (const path of ['/admin', '/admin/members', '/admin/members/u-1', '/ADMIN/expenses']) {
      expect(frameFor(path), path).toEqual({ bare: false, console: true, form: false, chrome: false });
    }
    expect(frameFor('/administrator').console).toBe(false);
  });

  it('adds the live-chat widget only when the server configures one', async () => {
    const chatScript = () => document.getElementById(CHAT_SCRIPT_ID);
    const none = mockApi({
      'GET /api/geo': json(200, { country: 'US', state: null, allowed: true }),
      'GET /api/site-config': json(200, { chatWidgetUrl: null }),
    });
    open('/');
    await screen.findByRole('heading', { name: 'page' });
    await waitFor(() => expect(none.callsTo('GET', '/api/site-config')).toHaveLength(1));
    expect(chatScript()).toBeNull();
    document.body.innerHTML = '';

    resetGeoCheck();
    mockApi({
      'GET /api/geo': json(200, { country: 'US', state: null, allowed: true }),
      'GET /api/site-config': json(200, { chatWidgetUrl: 'https://chat.example/widget.js' }),
    });
    open('/');
    await waitFor(() => expect(chatScript()?.getAttribute('src')).toBe('https://chat.example/widget.js'));
    chatScript()?.remove();
  });

  it('offers a skip link to the main content', async () => {
    mockApi({ 'GET /api/geo': json(200, { country: 'US', state: null, allowed: true }) });
    open('/');
    const skip = await screen.findByRole('link', { name: 'Skip to main content' });
    expect(skip.getAttribute('href')).toBe('#main');
    expect(document.getElementById('main')?.tagName).toBe('MAIN');
  });
});

describe('the country check', () => {
  it("shows 'Checking access...' while the lookup is pending, then the page", async () => {
    let answer: (response: Response) => void = () => undefined;
    const api = mockApi({ 'GET /api/geo': () => new Promise<Response>((resolve) => (answer = resolve)) });
    open('/');
    expect(screen.getByText(messages.geoChecking)).toBeInTheDocument();
    // The page waits behind it, out of reach.
    expect(screen.queryByRole('heading', { name: 'page' })).toBeNull();
    act(() => answer(json(200, { country: 'US', state: 'Texas', allowed: true })));
    expect(await screen.findByRole('heading', { name: 'page' })).toBeInTheDocument();
    expect(screen.queryByText(messages.geoChecking)).toBeNull();
    expect(api.callsTo('GET', '/api/geo')).toHaveLength(1);
  });

  it('shows the blocked page, with the navbar and footer, outside the United States', async () => {
    mockApi({ 'GET /api/geo': json(200, { country: 'GB', state: null, allowed: false }) });
    const router = open('/');
    expect(await screen.findByRole('heading', { name: messages.geoBlockedTitle })).toBeInTheDocument();
    expect(screen.getByText(messages.geoBlockedText)).toBeInTheDocument();
    expect(screen.getByText('United Kingdom')).toBeInTheDocument();
    expect(navbar()).not.toBeNull();
    expect(footer()).not.toBeNull();
    expect(screen.queryByRole('heading', { name: 'page' })).toBeNull();
    expect(screen.queryByRole('complementary', { name: 'Quick actions' })).toBeNull();
    // Every page is blocked.
    await act(() => router.navigate('/contact'));
    expect(screen.getByRole('heading', { name: messages.geoBlockedTitle })).toBeInTheDocument();
  });

  it('lets the visitor in when the lookup fails', async () => {
    mockApi({ 'GET /api/geo': json(500, { message: 'down' }) });
    open('/');
    expect(await screen.findByRole('heading', { name: 'page' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: messages.geoBlockedTitle })).toBeNull();
  });

  it('lets the visitor in when the network fails', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    open('/');
    expect(await screen.findByRole('heading', { name: 'page' })).toBeInTheDocument();
  });

  it('asks once per page load', async () => {
    const api = mockApi({ 'GET /api/geo': json(200, { country: 'US', state: null, allowed: true }) });
    const router = open('/');
    await screen.findByRole('heading', { name: 'page' });
    await act(() => router.navigate('/careers'));
    await act(() => router.navigate('/'));
    await waitFor(() => expect(api.callsTo('GET', '/api/geo')).toHaveLength(1));
  });
});
