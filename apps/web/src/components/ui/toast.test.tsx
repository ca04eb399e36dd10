import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ToastProvider, useToast } from './toast';

function Actions() {
  const toast = useToast();
  return (
    <>
      <button type="button" onClick={() => toast('Expense saved')}>
        Save
      </button>
      <button type="button" onClick={() => toast('Delete failed', { tone: 'error' })}>
        Fail
      </button>
    </>
  );
}

const renderActions = () =>
  render(
    <ToastProvider>
      <Actions />
    </ToastProvider>,
  );

describe('toasts', () => {
  it('announces a result politely and a failure at once, and each stays until dismissed', async () => {
    const user = userEvent.setup();
    renderActions();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await user.click(screen.getByRole('button', { name: 'Fail' }));
    const results = within(screen.getByRole('region', { name: 'Results' }));
    expect(results.getByText('Expense saved').closest('[aria-live]')).toHaveAttribute('aria-live', 'polite');
    expect(results.getByText('Delete failed').closest('[aria-live]')).toHaveAttribute('aria-live', 'assertive');
    // A page's own errors keep the alert role to themselves.
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    await user.click(within(results.getByText('Expense saved').closest<HTMLElement>('.toast')!).getByRole('button', { name: /Dismiss/ }));
    expect(screen.queryByText('Expense saved')).not.toBeInTheDocument();
    expect(screen.getByText('Delete failed')).toBeInTheDocument();
  });

  it('keeps the three newest', async () => {
    const user = userEvent.setup();
    renderActions();
    for (let i = 0; i < 4; i++) await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getAllByText('Expense saved')).toHaveLength(3);
  });
});
