import type { Plan } from '@app/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { useEffect, useState, type ReactNode } from 'react';
import { RouterProvider, createMemoryRouter, useLocation } from 'react-router';
import { vi } from 'vitest';
import { ToastProvider } from '../components/ui';
import { createQueryClient } from '../lib/query-client';

export const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
  });

export const html = (status: number, text = '<!doctype html><html><body>app</body></html>') =>
  new Response(text, { status, headers: { 'content-type': 'text/html; charset=utf-8' } });

export interface RecordedCall {
  method: string;
  path: string;
  body: unknown;
  headers: Record<string, string>;
  credentials: RequestCredentials | undefined;
}

type Handler = (call: RecordedCall) => Response | Promise<Response>;

/**
 * Replaces fetch with a table of answers keyed by 'METHOD /path' (query string ignored). Every call
 * is recorded; an unexpected call answers 599 so a test notices.
 */
export function mockApi(handlers: Record<string, Handler | Response>) {
  const calls: RecordedCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(input instanceof Request ? input.url : input, 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const call: RecordedCall = {
      method,
      path: url.pathname + url.search,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      headers: Object.fromEntries(Object.entries((init.headers ?? {}) as Record<string, string>)),
      credentials: init.credentials,
    };
    calls.push(call);
    const handler = handlers[`${method} ${url.pathname}`];
    if (!handler) return json(599, { message: `unexpected ${method} ${url.pathname}` });
    const response = typeof handler === 'function' ? await handler(call) : handler.clone();
    return response;
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    fetchMock,
    callsTo: (method: string, path: string) => calls.filter((c) => c.method === method && c.path.split('?')[0] === path),
  };
}

export const testPlans: Plan[] = [
  {
    id: 'individualMonthly',
    title: 'Individual Monthly',
    priceCents: 2999,
    oldPriceCents: 3999,
    offer: 'Limited offer*',
    period: 'month',
    description: 'Unlimited visits for one adult.',
    features: ['Unlimited 24/7 doctor visits', 'Cancel anytime after 90 days'],
  },
  {
    id: 'familyMonthly',
    title: 'Family Monthly',
    priceCents: 4999,
    oldPriceCents: 5999,
    offer: 'Limited offer*',
    period: 'month',
    description: 'Unlimited visits for the household.',
    features: ['Free pediatric visits for children aged 2-17'],
  },
  {
    id: 'oneTimeVisit',
    title: 'One Time Visit',
    priceCents: 5999,
    oldPriceCents: 6999,
    offer: 'Limited offer*',
    period: 'visit',
    description: 'A single visit.',
    features: ['One consultation by phone or video'],
  },
];

/** A token whose payload claims what a test says: the web app never reads a token, so its claims must grant nothing. */
export function fakeJwt(payload: Record<string, unknown>): string {
  const encode = (value: unknown) => btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(payload)}.signature`;
}

function Where({ label }: { label: string }) {
  const location = useLocation();
  const state = location.state as { flash?: { message?: string } } | null;
  return (
    <div>
      <h1>{label}</h1>
      <p data-testid="location">{location.pathname + location.search + location.hash}</p>
      {state?.flash?.message && <p data-testid="flash">{state.flash.message}</p>}
    </div>
  );
}

/** Renders `element` at `path` inside a memory router whose other pages just name themselves, with a data layer of its own. */
export function renderAt(path: string, element: ReactNode, options: { url?: string; routePath?: string; state?: unknown } = {}) {
  const routePath = options.routePath ?? path;
  const stubs = ['/', '/login', '/profile', '/admin', '/consult']
    .filter((p) => p !== routePath && !routePath.startsWith(`${p}/`))
    .map((p) => ({ path: p, element: <Where label={`stub ${p}`} /> }));
  const router = createMemoryRouter([{ path: routePath, element }, ...stubs, { path: '*', element: <Where label="stub other" /> }], {
    initialEntries: [
      {
        pathname: (options.url ?? path).split('?')[0]!,
        search: (options.url ?? path).includes('?') ? `?${(options.url ?? path).split('?')[1]}` : '',
        state: options.state ?? null,
      },
    ],
  });
  const utils = render(
    <TestQueryClient>
      <ToastProvider>
        <RouterProvider router={router} />
      </ToastProvider>
    </TestQueryClient>,
  );
  return { ...utils, router };
}

/** A data layer of its own for each rendered test, made as the app makes one (lib/query-client.ts) and emptied when the test unmounts it. */
export function TestQueryClient({ children }: { children: ReactNode }) {
  const [client] = useState(createQueryClient);
  useEffect(() => () => client.clear(), [client]);
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

/** Renders a section of the admin dashboard at /admin, as the dashboard shell would. */
export const renderSection = (element: ReactNode) => renderAt('/admin', element);
