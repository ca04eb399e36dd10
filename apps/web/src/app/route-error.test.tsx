import { messages } from '@app/shared';
import { render, screen } from '@testing-library/react';
import { lazy, type ReactNode } from 'react';
import { MemoryRouter, useRoutes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../test/helpers';
import { RootLayout } from './layouts/root-layout';
import { isChunkLoadError } from './route-error';

function Boom({ error }: { error: Error }): never {
  throw error;
}

function open(element: ReactNode) {
  function Routes() {
    return useRoutes([{ path: '/', element: <RootLayout />, children: [{ index: true, element }] }]);
  }
  render(
    <MemoryRouter initialEntries={['/']}>
      <Routes />
    </MemoryRouter>,
  );
}

describe('route errors', () => {
  // The layout asks for the site's settings and the visitor's country: no test reaches the network.
  beforeEach(() => void mockApi({}));

  it('recognises failed chunk loads', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'))).toBe(true);
    expect(isChunkLoadError(new Error('Loading chunk 3 failed'))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
  });

  it('offers a reload when a lazy page cannot be fetched, keeping the navbar', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const Missing = lazy(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/Page.js')));
    open(<Missing />);
    expect(await screen.findByRole('heading', { name: messages.chunkLoadFailed })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload page' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main', hidden: true })).toBeInTheDocument();
  });

  it('shows the heading and message of any other error', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    open(<Boom error={new Error('Something broke')} />);
    expect(await screen.findByRole('heading', { name: messages.routeErrorHeading })).toBeInTheDocument();
    expect(screen.getByText('Something broke')).toBeInTheDocument();
  });
});
