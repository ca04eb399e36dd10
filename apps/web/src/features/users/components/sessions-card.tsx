import { formatCentralDate, messages, type OwnSession } from '@app/shared';
import { useState } from 'react';
import { Alert, Button, Card, Spinner } from '../../../components/ui';
import { ApiError } from '../../../lib/api-client';
import { endOtherSessions, endSession, useSessions } from '../../auth';

const signedInOn = (session: OwnSession) => `Signed in ${formatCentralDate(new Date(session.signedInAt), 'medium')}`;
const lastActive = (session: OwnSession) =>
  session.current ? 'This device' : `Last active ${formatCentralDate(new Date(session.lastActiveAt), 'medium')}`;

const failure = (error: unknown) => (error instanceof ApiError && error.serverMessage ? error.serverMessage : messages.genericError);

/** "Where you're signed in": each device, signing out of one, and of every other one. */
export function SessionsCard() {
  const sessions = useSessions();
  const [busy, setBusy] = useState<string | null>(null);
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);

  async function run(key: string, action: () => Promise<unknown>, success: string) {
    setBusy(key);
    setNotice(null);
    try {
      await action();
      setNotice({ tone: 'success', text: success });
    } catch (error) {
      setNotice({ tone: 'error', text: failure(error) });
    } finally {
      setBusy(null);
      void sessions.refetch();
    }
  }

  const others = sessions.data?.filter((session) => !session.current) ?? [];
  return (
    <Card title="Where you're signed in" headingId="sessions-title">
      <div className="stack">
        {notice && <Alert tone={notice.tone}>{notice.text}</Alert>}
        {sessions.status === 'pending' && <Spinner label="Loading your devices…" />}
        {sessions.status === 'error' && (
          <Alert tone="error">
            <p>{messages.genericError}</p>
            <Button variant="secondary" size="sm" onClick={() => void sessions.refetch()}>
              Try again
            </Button>
          </Alert>
        )}
        {sessions.data && (
          <ul className="sessions-list">
            {sessions.data.map((session) => (
              <li key={session.id} className="sessions-list__item">
                <div>
                  <p className="sessions-list__device">{session.device}</p>
                  <p className="muted">{[session.place, signedInOn(session), lastActive(session)].filter(Boolean).join(' · ')}</p>
                </div>
                {!session.current && (
                  <Button
                    variant="ghost"
                    size="sm"
                    busy={busy === session.id}
                    disabled={busy !== null}
                    aria-label={`Sign out of ${session.device}`}
                    onClick={() => void run(session.id, () => endSession(session.id), `Signed out of ${session.device}.`)}
                  >
                    Sign out
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
        {others.length > 0 && (
          <div>
            <Button
              variant="secondary"
              busy={busy === 'others'}
              disabled={busy !== null}
              onClick={() => void run('others', endOtherSessions, messages.otherSessionsEnded)}
            >
              Sign out of other devices
            </Button>
          </div>
        )}
      </div>
    </Card>
  );
}
