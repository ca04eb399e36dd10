import { messages } from '@app/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, renderSection } from '../../../test/helpers';
import { expensesApi } from '../test/fixtures';
import { ExchangeRateCard } from './exchange-rate-card';

describe('the Exchange rate card', () => {
  it('shows and sets the exchange rate', async () => {
    const api = expensesApi({
      'PUT /api/admin/expenses/exchange-rate': json(200, {
        inrPerUsd: 84.5,
        effectiveFrom: '2026-11-20T15:00:00.000Z',
        setBy: 'boss@example.com',
      }),
    });
    renderSection(<ExchangeRateCard />);
    const rate = within(await screen.findByRole('region', { name: 'Exchange rate' }));
    expect(await rate.findByText('₹83.0000')).toBeInTheDocument();
    await userEvent.type(rate.getByLabelText(/New rate/), '0');
    await userEvent.click(rate.getByRole('button', { name: 'Set rate' }));
    expect(await rate.findByText(messages.exchangeRateInvalid)).toBeInTheDocument();
    await userEvent.clear(rate.getByLabelText(/New rate/));
    await userEvent.type(rate.getByLabelText(/New rate/), '84.5');
    await userEvent.click(rate.getByRole('button', { name: 'Set rate' }));
    expect(await rate.findByText('₹84.5000')).toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/admin/expenses/exchange-rate')[0]!.body).toEqual({ inrPerUsd: 84.5 });
    expect(rate.getByText('boss@example.com')).toBeInTheDocument();
  });
});
