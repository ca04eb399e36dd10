import { messages, type AdminHousehold } from '@app/shared';
import { Link } from 'react-router';
import { Card, LoadError, Spinner } from '../../../components/ui';
import { humanize } from '../../../lib/format';
import { useMemberHousehold } from '../api/household';

const ROLE_LABELS = { holder: 'Holds the membership', adult: 'Adult', child: 'Child' } as const;

/** 'Child', or 'Child, stepchild' where the relationship says more than the role. */
const placeOf = ({ role, relationship }: AdminHousehold['people'][number]) =>
  relationship && relationship !== role ? `${ROLE_LABELS[role]}, ${humanize(relationship).toLowerCase()}` : ROLE_LABELS[role];

/**
 * A member's household on their page in the console: who holds the family membership, everyone in it with
 * their place, and each child's guardian; everyone else's page one link away.
 */
export function MemberHousehold({ userId }: { userId: string }) {
  const household = useMemberHousehold(userId);
  const people = household.data?.people ?? [];
  const nameOf = (id: string | null) => {
    const person = people.find((p) => p.id === id);
    return person ? `${person.firstName} ${person.lastName}` : '—';
  };

  return (
    <Card title="Household" level={2} headingId="member-household-title">
      {household.isPending && <Spinner label="Loading the household…" />}
      {household.isError && <LoadError error={household.error} fallback={messages.genericError} onRetry={() => void household.refetch()} />}
      {household.data &&
        (people.length <= 1 ? (
          <p className="muted">A household of one: nobody else shares this membership.</p>
        ) : (
          <div className="admin-table-wrap">
            <table className="admin-table">
              <caption className="sr-only">The people of this {household.data.family ? 'family ' : ''}membership</caption>
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Place</th>
                  <th scope="col">E-mail</th>
                  <th scope="col">Guardian</th>
                </tr>
              </thead>
              <tbody>
                {people.map((person) => (
                  <tr key={person.id}>
                    <th scope="row">
                      {person.id === userId ? (
                        <span aria-current="page">
                          {person.firstName} {person.lastName} (this member)
                        </span>
                      ) : (
                        <Link to={`/admin/members/${encodeURIComponent(person.id)}`}>
                          {person.firstName} {person.lastName}
                        </Link>
                      )}
                    </th>
                    <td>{placeOf(person)}</td>
                    <td>{person.email ?? '—'}</td>
                    <td>{person.role === 'child' ? nameOf(person.guardianId) : '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ))}
    </Card>
  );
}
