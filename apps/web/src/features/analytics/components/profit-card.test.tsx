import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderSection } from '../../../test/helpers';
import { analyticsApi } from '../test/fixtures';
import { ProfitCard } from './profit-card';

// uPlot draws on a canvas, which the test DOM (happy-dom) does not paint; the chart's own module is replaced, the table is real.
vi.mock('./profit-chart', () => ({ default: () => <p>Chart drawn</p> }));

/** A cell's text as a screen reader reads it: a definition's tooltip is its description, not its text. */
const accessibleText = (cell: HTMLElement) =>
  [...cell.querySelectorAll('[aria-hidden="true"]')].reduce((text, hidden) => text.replace(hidden.textContent, ''), cell.textContent);

describe('the Profit card', () => {
  it('shows the profit per month as a table with the margin, the partial month marked and a totals row', async () => {
    analyticsApi();
    renderSection(<ProfitCard />);
    const table = within(await screen.findByRole('table'));
    const rows = table.getAllByRole('row').map((row) => [...row.querySelectorAll<HTMLElement>('th, td')].map(accessibleText));
    expect(rows).toEqual([
      ['Month', 'Monthly recurring revenue (month end)', 'Cash collected', 'Expenses', 'Net', 'Margin'],
      ['2026-10', '$1,000.00', '$900.00', '$400.00', '$500.00', '55.6%'],
      ['2026-11 (partial)', '$1,100.00', '$300.00', '$450.25', '-$150.25', '-50.1%'],
      ['Total', '—', '$1,200.00', '$850.25', '$349.75', '29.1%'],
    ]);
    expect(table.getByText('Net')).toHaveAccessibleDescription('Net: cash collected less expenses.');
    expect(await screen.findByText('Chart drawn')).toBeInTheDocument();
  });

  it('sets the months in one press', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-22T03:00:00Z') });
    const api = analyticsApi();
    renderSection(<ProfitCard />);
    const ranges = within(await screen.findByRole('group', { name: 'Quick ranges' }));
    // The card opens on the last 12 months.
    expect(ranges.getByRole('button', { name: 'Last 12 months' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(ranges.getByRole('button', { name: 'Last month' }));
    await waitFor(() => expect(api.calls.at(-1)!.path).toBe('/api/admin/analytics/profit?from=2026-10&to=2026-10'));
    expect(screen.getByLabelText('From month')).toHaveValue('2026-10');
  });
});
