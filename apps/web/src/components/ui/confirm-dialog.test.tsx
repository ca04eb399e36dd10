import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { useConfirm } from './confirm-dialog';

function DeleteThing() {
  const confirm = useConfirm();
  const [answer, setAnswer] = useState('none');
  return (
    <>
      <button
        type="button"
        onClick={async () =>
          setAnswer(
            String(
              await confirm.ask({
                title: 'Delete this expense?',
                message: 'It cannot be undone.',
                confirmLabel: 'Delete',
                destructive: true,
              }),
            ),
          )
        }
      >
        Delete
      </button>
      <p data-testid="answer">{answer}</p>
      {confirm.dialog}
    </>
  );
}

describe('the in-app confirmation', () => {
  it('asks in a labelled dialog with the focus on Cancel, and answers yes on the confirming button', async () => {
    const user = userEvent.setup();
    render(<DeleteThing />);
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete this expense?' });
    expect(dialog).toHaveAccessibleDescription('It cannot be undone.');
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(screen.getAllByRole('button', { name: 'Delete' }).at(-1)!);
    expect(screen.getByTestId('answer')).toHaveTextContent('true');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('answers no on Escape and gives the focus back to the button that opened it', async () => {
    const user = userEvent.setup();
    render(<DeleteThing />);
    const opener = screen.getByRole('button', { name: 'Delete' });
    await user.click(opener);
    await user.keyboard('{Escape}');
    expect(screen.getByTestId('answer')).toHaveTextContent('false');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('answers no on Cancel', async () => {
    const user = userEvent.setup();
    render(<DeleteThing />);
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByTestId('answer')).toHaveTextContent('false');
  });
});
