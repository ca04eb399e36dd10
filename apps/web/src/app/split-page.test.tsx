import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { routes } from './router';
import { pagePreloadsAt, splitPage } from './split-page';

describe('split pages', () => {
  it('renders a preloaded page at once, without the loading fallback, and fetches its code once', async () => {
    const load = vi.fn(() => Promise.resolve({ default: ({ name }: { name: string }) => <h1>Hello {name}</h1> }));
    const page = splitPage(load);
    await page.preload();
    await page.preload();
    render(
      <Suspense fallback={<p>Loading page…</p>}>
        <page.Page name="Ada" />
      </Suspense>,
    );
    expect(screen.getByRole('heading', { name: 'Hello Ada' })).toBeInTheDocument();
    expect(screen.queryByText('Loading page…')).toBeNull();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('finds the code to fetch for every page of the router, and none for a redirect', () => {
    for (const path of ['/', '/login', '/services/urgent-care', '/tips/first-visit', '/reset-password/abc', '/admin']) {
      expect(pagePreloadsAt(routes, path), path).toHaveLength(1);
    }
    expect(pagePreloadsAt(routes, '/faq')).toEqual([]);
    expect(pagePreloadsAt(routes, '/no/such/page')).toEqual([]);
  });
});
