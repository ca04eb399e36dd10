import { auditWords, isAuditRead, type AuditEvent } from '@app/shared';
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

/** One line of the history: a single event, or a run of the same read by the same person, newest first. */
interface HistoryLine {
  words: string;
  events: AuditEvent[];
}

/**
 * The events as lines in plain words; a run of the same read by the same person (a page loaded again and again)
 * is one line with its count. Changes and reasons are never folded away.
 */
function historyLines(events: AuditEvent[], subjectUserId: string): HistoryLine[] {
  const lines: HistoryLine[] = [];
  for (const event of events) {
    const words = auditWords(event, subjectUserId);
    const last = lines.at(-1);
    const repeats =
      last &&
      isAuditRead(event.action) &&
      last.words === words &&
      last.events[0]!.actorUserId === event.actorUserId &&
      event.changes.length === 0 &&
      event.reason === null;
    if (repeats) last.events.push(event);
    else lines.push({ words, events: [event] });
  }
  return lines;
}

const who = (event: AuditEvent) => event.actorEmail ?? humanize(event.actorRole);

function HistoryEntry({ line, subjectUserId }: { line: HistoryLine; subjectUserId: string }) {
  const [newest] = line.events;
  const count = line.events.length;
  const bySomeoneElse = newest!.actorUserId !== subjectUserId;
  return (
    <li className="history__entry">
      <p className="history__line">
        <strong>{count > 1 ? `${line.words} (${count}×)` : line.words}</strong>
        <span className="history__when">
          <time dateTime={newest!.at}>{formatCentral(new Date(newest!.at))}</time>
          {bySomeoneElse && <> · {who(newest!)}</>}
        </span>
      </p>
      {newest!.reason && <p className="history__reason">Reason: {newest!.reason}</p>}
      {newest!.changes.length > 0 && (
        <ul className="history__changes">
          {newest!.changes.map((change) => (
            <li key={change.field}>
              <span className="history__field">{humanize(change.field)}</span>: {shown(change.before)} → {shown(change.after)}
            </li>
          ))}
        </ul>
      )}
      <details className="history__details">
        <summary>Details</summary>
        <ul>
          {line.events.map((event) => (
            <li key={event.id}>
              <time dateTime={event.at}>{formatCentral(new Date(event.at))}</time> · <code>{event.action}</code> · status {event.status} ·{' '}
              {who(event)}
            </li>
          ))}
        </ul>
      </details>
    </li>
  );
}

/** The member's history from the audit log in plain words: who did what, when (America/Chicago), and why. */
export function UserHistory({ userId }: { userId: string }) {
  const history = useQuery({ queryKey: userAdminKeys.history(userId), queryFn: ({ signal }) => getUserHistory(userId, signal) });
  return (
    <div className="history">
      {history.isPending && <Spinner label="Loading history…" />}
      {history.isError && <Alert tone="error">{failureMessage(history.error, 'Failed to load the history.')}</Alert>}
      {history.data &&
        (history.data.content.length === 0 ? (
          <p className="muted">No changes recorded yet.</p>
        ) : (
          <ol className="history__list">
            {historyLines(history.data.content, userId).map((line) => (
              <HistoryEntry key={line.events[0]!.id} line={line} subjectUserId={userId} />
            ))}
          </ol>
        ))}
    </div>
  );
}
