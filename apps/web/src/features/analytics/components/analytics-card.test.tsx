import { messages } from '@app/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { json, renderSection, type RecordedCall } from '../../../test/helpers';
import { analyticsApi } from '../test/fixtures';
import { AnalyticsCard } from './analytics-card';

// uPlot draws on a canvas, which the test DOM (happy-dom) does not paint; the charts' own module is replaced, the table is real.
vi.mock('./series-charts', () => ({ default: () => <p>Charts drawn</p> }));

const query = (call: RecordedCall) => Object.fromEntries(new URL(call.path, 'http://x').searchParams);

function setup(handlers: Parameters<typeof analyticsApi>[0] = {}) {
  const api = analyticsApi(handlers);
  return { api, ...renderSection(<AnalyticsCard />) };
}

describe('the Analytics card', () => {
  it('shows the four numbers, the charts and the same numbers as a table for the last 30 days', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-22T03:00:00Z') });
    const { api } = setup();
    const analytics = within(await screen.findByRole('region', { name: 'Analytics' }));
    expect(await analytics.findByText('$12,345.50')).toBeInTheDocument();
    expect(analytics.getByText('1,234')).toBeInTheDocument();
    expect(analytics.getByText('321')).toBeInTheDocument();
    expect(analytics.getByText('17')).toBeInTheDocument();
    expect(await analytics.findByText('Charts drawn')).toBeInTheDocument();
    // 03:00 UTC on the 22nd is still the 21st in Chicago.
    expect(query(api.callsTo('GET', '/api/admin/analytics/series')[0]!)).toEqual({ from: '2026-10-23', to: '2026-11-21', interval: 'day' });
    const table = analytics.getByRole('table', { name: /^Per day from/ });
    expect(within(table).getByRole('row', { name: /2026-11-01/ }).textContent).toBe('2026-11-01320$1,000.00$89.98');
    // The day still running says so.
    expect(within(table).getByRole('row', { name: /2026-11-02/ }).textContent).toBe('2026-11-02 (partial)511$1,029.99$29.99');

    await userEvent.selectOptions(analytics.getByLabelText('Interval'), 'Week');
    await waitFor(() => expect(query(api.calls.at(-1)!)).toMatchObject({ interval: 'week' }));
  });

  it('defines each figure on focus and shows its change since the comparison day', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-22T03:00:00Z') });
    setup();
    const analytics = within(await screen.findByRole('region', { name: 'Analytics' }));
    await analytics.findAllByRole('term');
    const term = (name: string) => analytics.getAllByRole('term').find((dt) => within(dt).queryByText(name))!;
    expect(within(term('Monthly recurring revenue')).getByText('Monthly recurring revenue')).toHaveAccessibleDescription(
      /^Monthly recurring revenue: the monthly price of every active monthly membership now/,
    );
    const tile = (name: string) => term(name).nextElementSibling!.textContent;
    expect(tile('Total users')).toBe('1,234▲ +34 (+2.8%) since Oct 22');
    expect(tile('Active subscriptions')).toBe('321No change since Oct 22');
    expect(tile('Monthly recurring revenue')).toBe('$12,345.50▼ −$154.50 (−1.2%) since Oct 22');
    // No sign-ups the week before: a change with no percentage.
    expect(tile('Sign-ups, last 7 days')).toBe('17▲ +17 vs the 7 days before');
    // The table's columns carry the same definitions.
    const table = analytics.getByRole('table', { name: /^Per day from/ });
    expect(within(table).getByText('Cash collected')).toHaveAccessibleDescription(/^Cash collected: every card payment that succeeded/);
  });

  it('sets the range in one press: this month and last month by day, the last 12 months by month', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-22T03:00:00Z') });
    const { api } = setup();
    const ranges = within(await screen.findByRole('group', { name: 'Quick ranges' }));
    await userEvent.click(ranges.getByRole('button', { name: 'Last 12 months' }));
    await waitFor(() => expect(query(api.calls.at(-1)!)).toEqual({ from: '2025-12-01', to: '2026-11-21', interval: 'month' }));
    expect(ranges.getByRole('button', { name: 'Last 12 months' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(ranges.getByRole('button', { name: 'Last month' }));
    await waitFor(() => expect(query(api.calls.at(-1)!)).toEqual({ from: '2026-10-01', to: '2026-10-31', interval: 'day' }));
    expect(screen.getByLabelText('From')).toHaveValue('2026-10-01');
    await userEvent.click(ranges.getByRole('button', { name: 'This month' }));
    await waitFor(() => expect(query(api.calls.at(-1)!)).toEqual({ from: '2026-11-01', to: '2026-11-21', interval: 'day' }));
    expect(ranges.getByRole('button', { name: 'Last month' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('shows the analytics error', async () => {
    setup({ 'GET /api/admin/analytics/summary': json(500, {}) });
    expect(await screen.findByText(messages.analyticsLoadFailed)).toBeInTheDocument();
  });
});
