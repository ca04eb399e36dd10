import type { AuditEvent } from '@app/shared';
import { useQuery } from '@tanstack/react-query';
import { Alert, Spinner } from '../../../components/ui';
import { failureMessage } from '../../../lib/api-failure';
import { formatCentral, humanize } from '../../../lib/format';
import { userAdminKeys } from '../api/keys';
import { getUserHistory } from '../api/users';

const shown = (value: unknown) => {
  if (value === null || value === undefined || value === '') return '(empty)';
  if (Array.isArray(value)) return value.join(', ') || '(none)';
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
};

/** The audit row's action ('PUT /api/admin/users/:id') as words. */
function actionLabel(event: AuditEvent): string {
  const [method = '', path = ''] = event.action.split(' ');
  const label = path.endsWith('/reset-password')
    ? 'Sent a password reset email'
    : method === 'PUT' || method === 'PATCH'
      ? 'Edited the account'
      : method === 'GET'
        ? 'Viewed the account'
        : event.action;
  return event.status >= 400 ? `${label} (refused, ${event.status})` : label;
}

function HistoryEntry({ event }: { event: AuditEvent }) {
  return (
    <li className="history__entry">
      <p className="history__line">
        <time dateTime={event.at}>{formatCentral(new Date(event.at))}</time> ·{' '}
        <strong>{event.actorEmail ?? humanize(event.actorRole)}</strong> · {actionLabel(event)}
      </p>
      {event.reason && <p className="history__reason">Reason: {event.reason}</p>}
      {event.changes.length > 0 && (
        <ul className="history__changes">
          {event.changes.map((change) => (
            <li key={change.field}>
              <span className="history__field">{humanize(change.field)}</span>: {shown(change.before)} → {shown(change.after)}
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

/** The user's history from the audit log: who changed or read what, when (America/Chicago), and why. */
export function UserHistory({ userId }: { userId: string }) {
  const history = useQuery({ queryKey: userAdminKeys.history(userId), queryFn: ({ signal }) => getUserHistory(userId, signal) });
  return (
    <section className="history" aria-label="History">
      <h4 className="user-editor__heading">History</h4>
      {history.isPending && <Spinner label="Loading history…" />}
      {history.isError && <Alert tone="error">{failureMessage(history.error, 'Failed to load the history.')}</Alert>}
      {history.data &&
        (history.data.content.length === 0 ? (
          <p className="muted">No changes recorded yet.</p>
        ) : (
          <ol className="history__list">
            {history.data.content.map((event) => (
              <HistoryEntry key={event.id} event={event} />
            ))}
          </ol>
        ))}
    </section>
  );
}
