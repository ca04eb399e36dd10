import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderSection } from '../../../test/helpers';
import { analyticsApi } from '../test/fixtures';
import { ProfitCard } from './profit-card';

describe('the Profit card', () => {
  it('shows the profit per month as a table', async () => {
    analyticsApi();
    renderSection(<ProfitCard />);
    const table = within(await screen.findByRole('table'));
    const rows = table
      .getAllByRole('row')
      .slice(1)
      .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['2026-10', '$1,000.00', '$900.00', '$400.00', '$500.00'],
      ['2026-11', '$1,100.00', '$300.00', '$450.25', '-$150.25'],
    ]);
  });
});
