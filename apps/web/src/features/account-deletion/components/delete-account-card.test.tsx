import { messages } from '@app/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockApi, renderAt } from '../../../test/helpers';
import { DeleteAccountCard } from './delete-account-card';

const person = (firstName: string, role: 'holder' | 'adult' | 'child', managedByYou: boolean) => ({
  id: `id-${firstName}`,
  role,
  firstName,
  lastName: 'Rivera',
  age: role === 'child' ? 7 : 40,
  relationship: role === 'child' ? 'child' : null,
  managedByYou,
  bookable: true,
  turned18: false,
});

const household = (people: ReturnType<typeof person>[]) =>
  json(200, { family: true, youHold: true, maxOthers: 5, people, invitations: [] });

describe('"Delete my account"', () => {
  it('tells a guardian, before anything is done, that the accounts of the children they keep close with theirs', async () => {
    mockApi({
      'GET /api/household': household([
        person('Maria', 'holder', true),
        person('Luis', 'adult', false),
        person('Sofia', 'child', true),
        person('Mateo', 'child', true),
        // Another adult's child: their account stays.
        person('Ana', 'child', false),
      ]),
    });
    renderAt('/profile', <DeleteAccountCard />);
    const card = within(screen.getByRole('region', { name: 'Delete my account' }));
    expect(await card.findByText(messages.accountDeletionChildren(['Sofia Rivera', 'Mateo Rivera']))).toBeInTheDocument();
    expect(messages.accountDeletionChildren(['Sofia Rivera', 'Mateo Rivera'])).toMatch(
      /^The accounts of Sofia Rivera and Mateo Rivera close/,
    );
    expect(card.getAllByRole('listitem')).toHaveLength(messages.accountDeletionConsequences.length + 1);
  });
});
