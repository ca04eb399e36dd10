import { messages } from '@app/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { json, renderSection, type RecordedCall } from '../../../test/helpers';
import { analyticsApi } from '../test/fixtures';
import { AnalyticsCard } from './analytics-card';

// uPlot draws on a canvas, which jsdom lacks; the charts' own module is replaced, the table is real.
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
    expect(within(table).getByRole('row', { name: /2026-11-02/ }).textContent).toBe('2026-11-02511$1,029.99$29.99');

    await userEvent.selectOptions(analytics.getByLabelText('Interval'), 'Week');
    await waitFor(() => expect(query(api.calls.at(-1)!)).toMatchObject({ interval: 'week' }));
  });

  it('shows the analytics error', async () => {
    setup({ 'GET /api/admin/analytics/summary': json(500, {}) });
    expect(await screen.findByText(messages.analyticsLoadFailed)).toBeInTheDocument();
  });
});
