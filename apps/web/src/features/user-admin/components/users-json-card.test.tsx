import { messages, type AdminUser } from '@app/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { json, renderSection, type RecordedCall } from '../../../test/helpers';
import { adminUser, userAdminApi, userPage } from '../test/fixtures';
import { UsersJsonCard } from './users-json-card';

const query = (call: RecordedCall) => Object.fromEntries(new URL(call.path, 'http://x').searchParams);

function setup(handlers: Parameters<typeof userAdminApi>[0] = {}) {
  const api = userAdminApi(handlers);
  return { api, ...renderSection(<UsersJsonCard />) };
}

describe('the Users JSON card', () => {
  it('loads every user in pages of 500 with progress, then copies with its alerts', async () => {
    const pages: Record<string, AdminUser[]> = {
      '0': Array.from({ length: 500 }, (_, i) => adminUser({ id: `a${i}` })),
      '1': Array.from({ length: 500 }, (_, i) => adminUser({ id: `b${i}` })),
      '2': Array.from({ length: 234 }, (_, i) => adminUser({ id: `c${i}` })),
    };
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const { api } = setup({
      'GET /api/admin/all': async (call) => {
        const { page, size } = query(call);
        if (size !== '500') return json(200, userPage([adminUser()]));
        if (page === '1') await gate;
        return json(200, { ...userPage(pages[page!]!, 1234, 3) });
      },
    });
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });

    await userEvent.click(await screen.findByRole('button', { name: 'Load all users as JSON' }));
    expect(await screen.findByText(/500 of 1,234/)).toBeInTheDocument();
    release();
    expect(await screen.findByText('1,234 of 1,234 users loaded')).toBeInTheDocument();
    expect(
      api
        .callsTo('GET', '/api/admin/all')
        .filter((c) => query(c).size === '500')
        .map((c) => query(c).page),
    ).toEqual(['0', '1', '2']);
    expect(screen.getByRole('button', { name: 'Refresh all users' })).toBeInTheDocument();

    const show = screen.getByRole('button', { name: 'Show JSON' });
    await userEvent.click(show);
    expect(screen.getByRole('button', { name: 'Hide JSON' }).getAttribute('aria-expanded')).toBe('true');
    expect(JSON.parse(screen.getByLabelText('All users as JSON').textContent)).toHaveLength(1234);

    await userEvent.click(screen.getByRole('button', { name: 'Copy JSON' }));
    const toasts = within(screen.getByRole('region', { name: 'Results' }));
    expect(await toasts.findByText(messages.usersJsonCopied)).toBeInTheDocument();
    expect(JSON.parse(writeText.mock.calls[0]![0] as string)).toHaveLength(1234);
    writeText.mockRejectedValueOnce(new Error('denied'));
    await userEvent.click(screen.getByRole('button', { name: 'Copy JSON' }));
    expect(await toasts.findByText(messages.usersJsonCopyFailed)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download .json' })).toBeInTheDocument();
  });

  it('says when loading all users fails', async () => {
    setup({
      'GET /api/admin/all': (call) =>
        query(call).size === '500' ? new Response(null, { status: 502 }) : json(200, userPage([adminUser()])),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Load all users as JSON' }));
    expect(await screen.findByText(messages.allUsersLoadFailed)).toBeInTheDocument();
  });
});
