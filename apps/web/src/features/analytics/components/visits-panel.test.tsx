import { messages } from '@app/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, renderSection } from '../../../test/helpers';
import { analyticsApi } from '../test/fixtures';
import { VisitsPanel } from './visits-panel';

const cells = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));

describe('the Visits panel', () => {
  it('shows the wait with its definition, how visits ended, the clinicians and the visits per day by service', async () => {
    analyticsApi();
    renderSection(<VisitsPanel />);
    const panel = within(await screen.findByRole('region', { name: 'Visits, last 30 days' }));
    expect(await panel.findByText('5.5 min')).toBeInTheDocument();
    expect(panel.getByText('9.1 min')).toBeInTheDocument();
    expect(panel.getByText('1,041')).toBeInTheDocument();
    expect(panel.getByText('7')).toBeInTheDocument();
    expect(panel.getByText(messages.visitWaitDefinition)).toBeInTheDocument();
    expect(cells(panel.getByRole('table', { name: /completed in the last 30 days/ }))).toEqual([
      ['Grace Hopper', 'MD', '6'],
      ['Ada Lovelace', 'NP', '3'],
    ]);
    expect(cells(panel.getByRole('table', { name: /per day and service/ }))).toEqual([
      ['2026-11-20', '3', '1', '0', '0', '4'],
      ['2026-11-21', '0', '0', '2', '4', '6'],
    ]);
  });

  it('says when no wait was measured and no clinician completed a visit', async () => {
    const empty = { from: '2026-10-23', to: '2026-11-21', days: [], wait: { claimed: 0, medianMinutes: null, p90Minutes: null } };
    analyticsApi({ 'GET /api/admin/analytics/visits': json(200, { ...empty, completed: 0, cancelled: 0, clinicians: [] }) });
    renderSection(<VisitsPanel />);
    expect(await screen.findByText(messages.noVisitsClosed)).toBeInTheDocument();
    expect(screen.getAllByText('—')).toHaveLength(2);
  });

  it('shows the error when the figures fail to load', async () => {
    analyticsApi({ 'GET /api/admin/analytics/visits': json(500, {}) });
    renderSection(<VisitsPanel />);
    expect(await screen.findByText(messages.visitAnalyticsLoadFailed)).toBeInTheDocument();
  });
});
