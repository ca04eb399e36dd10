import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockApi, renderAt } from '../../../test/helpers';
import { MemberHousehold } from './member-household';

const person = (id: string, role: 'holder' | 'adult' | 'child', firstName: string, extra: object = {}) => ({
  id,
  role,
  firstName,
  lastName: 'Rivera',
  email: role === 'child' ? null : `${firstName.toLowerCase()}@example.com`,
  relationship: null,
  guardianId: null,
  ...extra,
});

describe("a member's household in the console", () => {
  it('lists the holder and everyone in the family, with each child’s guardian, and links to their pages', async () => {
    const api = mockApi({
      'GET /api/admin/users/u-2/household': json(200, {
        family: true,
        people: [
          person('u-1', 'holder', 'Maria'),
          person('u-2', 'adult', 'Luis'),
          person('u-3', 'child', 'Sofia', { relationship: 'child', guardianId: 'u-1' }),
          person('u-4', 'child', 'Mateo', { relationship: 'stepchild', guardianId: 'u-1' }),
        ],
      }),
    });
    renderAt('/admin/members/u-2', <MemberHousehold userId="u-2" />);
    const card = within(await screen.findByRole('region', { name: 'Household' }));
    const rows = await card.findAllByRole('row');
    expect(rows.slice(1).map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent))).toEqual([
      ['Maria Rivera', 'Holds the membership', 'maria@example.com', '—'],
      ['Luis Rivera (this member)', 'Adult', 'luis@example.com', '—'],
      ['Sofia Rivera', 'Child', '—', 'Maria Rivera'],
      ['Mateo Rivera', 'Child, stepchild', '—', 'Maria Rivera'],
    ]);
    expect(card.getByRole('link', { name: 'Sofia Rivera' })).toHaveAttribute('href', '/admin/members/u-3');
    expect(card.queryByRole('link', { name: /Luis/ })).toBeNull();
    expect(api.callsTo('GET', '/api/admin/users/u-2/household')).toHaveLength(1);
  });

  it('says when the member is a household of one', async () => {
    mockApi({ 'GET /api/admin/users/u-1/household': json(200, { family: false, people: [person('u-1', 'holder', 'Maria')] }) });
    renderAt('/admin/members/u-1', <MemberHousehold userId="u-1" />);
    expect(await screen.findByText('A household of one: nobody else shares this membership.')).toBeInTheDocument();
  });
});
