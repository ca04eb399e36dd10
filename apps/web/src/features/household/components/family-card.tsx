import { messages, type HouseholdAnswer, type HouseholdPerson } from '@app/shared';
import { useState } from 'react';
import { Link } from 'react-router';
import { Alert, Button, buttonClass, Card, ChunkStyles, LoadError, Spinner } from '../../../components/ui';
import { errorMessage } from '../../../lib/api-client';
import { useCancelInvitation, useHousehold, useLeaveHousehold, useRemovePerson } from '../api/household';
import { ChildForm } from './child-form';
import { InviteForm } from './invite-form';
import familyCss from './family.css?inline';

const fullName = (person: Pick<HouseholdPerson, 'firstName' | 'lastName'>) => `${person.firstName} ${person.lastName}`.trim();

/** What a person is in the family, as the card says it. */
function roleText(person: HouseholdPerson) {
  if (person.role === 'holder') return person.managedByYou ? 'You · holds the membership' : 'Holds the membership';
  if (person.role === 'adult') return person.managedByYou ? 'You · adult' : 'Adult';
  return person.age === null ? 'Child' : `Child · ${person.age} years old`;
}

type Open = { kind: 'child' } | { kind: 'invite' } | { kind: 'grown'; personId: string } | null;

/**
 * "Your family" on a Family member's profile: everyone the membership covers, a child's health history
 * for their guardian, "Add a child" and "Invite an adult", removing people (the holder) and leaving
 * (an invited adult). Outside a family membership nothing shows: a household of one.
 */
export function FamilyCard({ lastName }: { lastName: string }) {
  const household = useHousehold();
  if (household.status === 'success' && !household.data.family && household.data.people.length < 2) return null;
  return (
    <Card title={messages.householdTitle} headingId="family-title">
      <ChunkStyles name="family" css={familyCss} />
      {household.status === 'pending' && <Spinner label="Loading your family…" />}
      {household.status === 'error' && (
        <LoadError error={household.error} fallback={messages.genericError} onRetry={() => void household.refetch()} />
      )}
      {household.status === 'success' && <Family household={household.data} lastName={lastName} />}
    </Card>
  );
}

function Family({ household, lastName }: { household: HouseholdAnswer; lastName: string }) {
  const [open, setOpen] = useState<Open>(null);
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const remove = useRemovePerson();
  const cancel = useCancelInvitation();
  const leave = useLeaveHousehold();
  const others = household.people.length - 1 + household.invitations.length;
  const room = household.family && others < household.maxOthers;
  const you = household.people.find((person) => person.managedByYou && person.role !== 'child');

  const done = (message: string | null) => {
    setOpen(null);
    if (message) setNotice({ tone: 'success', text: message });
  };
  const run = (action: Promise<{ message: string }>) => {
    setNotice(null);
    action.then(
      (answer) => setNotice({ tone: 'success', text: answer.message }),
      (error: unknown) => setNotice({ tone: 'error', text: errorMessage(error) }),
    );
  };

  return (
    <div className="stack">
      <p className="muted">
        {household.family
          ? `Your Family membership covers up to ${household.maxOthers} people besides the member who holds it, with pediatric care for children aged 2 to 17 at no extra charge. Each adult's visits and history are theirs alone; a child's are kept by their parent or guardian.`
          : 'Your family is no longer covered by a Family membership.'}
      </p>
      {notice && <Alert tone={notice.tone}>{notice.text}</Alert>}
      <ul className="family__list">
        {household.people.map((person) => (
          <li key={person.id} className="family__person">
            <div className="family__row">
              <div>
                <p className="family__name">{fullName(person)}</p>
                <p className="muted">{roleText(person)}</p>
              </div>
              <div className="family__actions">
                {person.role === 'child' && person.managedByYou && (
                  <Link
                    className={buttonClass('secondary', 'sm')}
                    to={`/health-history?person=${person.id}&name=${encodeURIComponent(person.firstName)}`}
                    aria-label={`${person.firstName}'s health history`}
                  >
                    Health history
                  </Link>
                )}
                {household.youHold && person.role !== 'holder' && (
                  <Button
                    variant="ghost"
                    size="sm"
                    disabled={remove.isPending}
                    aria-label={`Remove ${fullName(person)}`}
                    onClick={() => run(remove.mutateAsync(person.id))}
                  >
                    Remove
                  </Button>
                )}
              </div>
            </div>
            {person.turned18 && (
              <div className="stack family__grown">
                <Alert tone="info">{messages.childTurned18(person.firstName)}</Alert>
                {open?.kind === 'grown' && open.personId === person.id ? (
                  <InviteForm personId={person.id} title={`Invite ${person.firstName} to their own login`} onDone={done} />
                ) : (
                  <div>
                    <Button variant="secondary" size="sm" onClick={() => setOpen({ kind: 'grown', personId: person.id })}>
                      Invite {person.firstName} by e-mail
                    </Button>
                  </div>
                )}
              </div>
            )}
          </li>
        ))}
        {household.invitations.map((invitation) => (
          <li key={invitation.id} className="family__person">
            <div className="family__row">
              <div>
                <p className="family__name">{invitation.email}</p>
                <p className="muted">Invited · waiting for them to accept</p>
              </div>
              <Button
                variant="ghost"
                size="sm"
                disabled={cancel.isPending}
                aria-label={`Withdraw the invitation to ${invitation.email}`}
                onClick={() => run(cancel.mutateAsync(invitation.id))}
              >
                Withdraw
              </Button>
            </div>
          </li>
        ))}
      </ul>
      {household.family && (
        <p className="muted">
          {others} of {household.maxOthers} places used.
        </p>
      )}
      {open?.kind === 'child' && <ChildForm lastName={lastName} onDone={done} />}
      {open?.kind === 'invite' && <InviteForm title={messages.inviteAdult} onDone={done} />}
      {open === null && (
        <div className="row">
          {room && (
            <Button variant="secondary" onClick={() => setOpen({ kind: 'child' })}>
              {messages.addChild}
            </Button>
          )}
          {room && household.youHold && (
            <Button variant="secondary" onClick={() => setOpen({ kind: 'invite' })}>
              {messages.inviteAdult}
            </Button>
          )}
          {you?.role === 'adult' && (
            <Button variant="ghost" disabled={leave.isPending} onClick={() => run(leave.mutateAsync(undefined))}>
              Leave the family
            </Button>
          )}
        </div>
      )}
    </div>
  );
}
