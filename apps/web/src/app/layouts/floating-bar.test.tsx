import { act, render, screen } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FloatingBar, floatingBarAllowedOn } from './floating-bar';

/** A stand-in IntersectionObserver whose callbacks the test fires by hand. */
class FakeObserver {
  static instances: FakeObserver[] = [];
  readonly targets = new Set<Element>();
  constructor(
    readonly callback: IntersectionObserverCallback,
    readonly options: IntersectionObserverInit = {},
  ) {
    FakeObserver.instances.push(this);
  }
  observe(target: Element) {
    this.targets.add(target);
  }
  unobserve(target: Element) {
    this.targets.delete(target);
  }
  disconnect() {
    this.targets.clear();
  }
  takeRecords() {
    return [];
  }
  /** Reports that `ratio` of each observed element is in view. */
  fire(ratio: number) {
    const entries = [...this.targets].map(
      (target) => ({ target, intersectionRatio: ratio, isIntersecting: ratio > 0 }) as IntersectionObserverEntry,
    );
    this.callback(entries, this as unknown as IntersectionObserver);
  }
}

function renderAt(path: string, withHero = false) {
  const page = withHero ? <section id="home" data-hero /> : <p>page</p>;
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <>
            {page}
            <FloatingBar />
          </>
        ),
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const bar = () => screen.queryByRole('complementary', { name: 'Quick actions' });

afterEach(() => {
  FakeObserver.instances = [];
});

describe('the floating bottom bar', () => {
  it('is shown on all pages except /consult, /login, /profile, /payment, /admin and their sub-paths', () => {
    for (const path of [
      '/',
      '/contact',
      '/careers',
      '/services/primary-care',
      '/tips/first-visit',
      '/privacy-policy',
      '/admin-login',
      '/consultation',
    ]) {
      expect(floatingBarAllowedOn(path), path).toBe(true);
    }
    for (const path of [
      '/consult',
      '/login',
      '/profile',
      '/payment',
      '/admin',
      '/admin/users',
      '/login/',
      '/PROFILE',
      '/clinic',
      '/clinic/welcome',
    ]) {
      expect(floatingBarAllowedOn(path), path).toBe(false);
    }
    renderAt('/contact');
    expect(bar()).not.toBeNull();
  });

  it('is not rendered on /consult', () => {
    renderAt('/consult');
    expect(bar()).toBeNull();
  });

  it('offers Start a Visit (/consult signed out, /visits/new signed in) and Customer Support (/contact#support-title)', () => {
    renderAt('/careers');
    expect(screen.getByRole('link', { name: 'Start a Visit' }).getAttribute('href')).toBe('/consult');
    expect(screen.getByRole('link', { name: 'Customer Support' }).getAttribute('href')).toBe('/contact#support-title');
  });

  it('sends a signed-in visitor to a visit request', () => {
    window.localStorage.setItem('authUser', JSON.stringify({ email: 'pat@example.com' }));
    window.localStorage.setItem('authToken', 'token');
    renderAt('/careers');
    expect(screen.getByRole('link', { name: 'Start a Visit' }).getAttribute('href')).toBe('/visits/new');
  });

  it('hides while more than 5% of the home hero is in view', () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    renderAt('/', true);
    const observer = FakeObserver.instances.at(-1)!;
    expect(observer.options.threshold).toBe(0.05);
    expect([...observer.targets][0]?.id).toBe('home');
    act(() => observer.fire(0.6));
    expect(bar()).toBeNull();
    act(() => observer.fire(0.04));
    expect(bar()).not.toBeNull();
    act(() => observer.fire(0.06));
    expect(bar()).toBeNull();
    act(() => observer.fire(0));
    expect(bar()).not.toBeNull();
  });

  it('finds a hero that appears after the page loads', async () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    renderAt('/');
    const observer = FakeObserver.instances.at(-1)!;
    expect(observer.targets.size).toBe(0);
    const hero = document.createElement('section');
    hero.setAttribute('data-hero', '');
    await act(async () => {
      document.body.append(hero);
      await Promise.resolve();
    });
    expect([...observer.targets]).toEqual([hero]);
    act(() => observer.fire(1));
    expect(bar()).toBeNull();
    hero.remove();
  });
});
