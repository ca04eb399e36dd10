import { messages } from '@app/shared';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { json, mockApi } from '../../../test/helpers';
import { PasswordCard } from './password-card';

const NEW = 'Brand!New9';

/** Opens the card and sends a change whose answer is `answer`, with a clock the test moves. */
async function changePassword(answer: Response) {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  window.sessionStorage.setItem('authToken', 'token');
  mockApi({ 'PUT /api/users/password': answer });
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  render(<PasswordCard />);
  await user.click(screen.getByRole('button', { name: 'Change password' }));
  await user.type(screen.getByLabelText('Current password'), 'Old!pass1');
  await user.type(screen.getByLabelText('New password'), NEW);
  await user.type(screen.getByLabelText('Confirm new password'), NEW);
  await user.click(screen.getByRole('button', { name: 'Update password' }));
  return user;
}

const aMinutePasses = () => act(() => void vi.advanceTimersByTime(60_000));

describe('password card notices', () => {
  it('keeps the result of a change until it is dismissed, then hands the focus to Change password', async () => {
    const user = await changePassword(json(200, { message: messages.passwordUpdated }));
    const notice = await screen.findByRole('status');
    expect(notice).toHaveTextContent(messages.passwordUpdated);
    aMinutePasses();
    expect(screen.getByRole('status')).toHaveTextContent(messages.passwordUpdated);
    await user.click(within(notice).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText(messages.passwordUpdated)).toBeNull();
    expect(screen.getByRole('button', { name: 'Change password' })).toHaveFocus();
  });

  it('keeps a failed change in view until it is dismissed, then hands the focus to the form', async () => {
    const user = await changePassword(json(500, { message: messages.passwordUpdateFailed }));
    const notice = await screen.findByRole('alert');
    expect(notice).toHaveTextContent(messages.passwordUpdateFailed);
    aMinutePasses();
    expect(screen.getByRole('alert')).toHaveTextContent(messages.passwordUpdateFailed);
    await user.click(within(notice).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByLabelText('Current password')).toHaveFocus();
  });
});
