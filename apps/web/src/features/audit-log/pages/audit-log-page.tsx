import { auditLogQuerySchema, fieldErrors, messages, type AuditLogRow } from '@app/shared';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { ConsoleSection } from '../../../components/layout/console-section';
import { Button, Card, LoadError, SelectField, Spinner, TextField } from '../../../components/ui';
import { formatCentral } from '../../../lib/format';
import { auditLogKeys, getAuditActions, getAuditChain, getAuditLog, type AuditLogFilters } from '../api/audit-log';
import { AuditRowDetails } from '../components/audit-row-details';
import { ChainState } from '../components/chain-state';

const NO_FILTERS: AuditLogFilters = { actor: '', subject: '', action: '', from: '', to: '' };

/** How the request ended, in words. */
function outcome(status: number): { label: string; tone: string } {
  if (status < 400) return { label: 'Done', tone: 'status-tag--good' };
  if (status === 401 || status === 403) return { label: `Refused (${status})`, tone: 'status-tag--warn' };
  if (status < 500) return { label: `Rejected (${status})`, tone: 'status-tag--warn' };
  return { label: `Failed (${status})`, tone: 'status-tag--warn' };
}

const ROLES: Record<string, string> = { admin: 'Admin', clinician: 'Clinician', patient: 'Member', anonymous: 'Visitor' };
const who = (email: string | null, id: string | null) => email ?? id ?? '-';

/**
 * /admin/audit-log: the whole trail, newest first, filtered by who acted, on whose record, which action
 * and which days, fifty rows a page; each row in words, its sealed details opened on request.
 */
export default function AuditLogPage() {
  const [draft, setDraft] = useState<AuditLogFilters>(NO_FILTERS);
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [filters, setFilters] = useState<AuditLogFilters>(NO_FILTERS);
  // The cursors of the pages before this one, so Newer goes back.
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const after = cursors.at(-1) ?? null;
  const page = useQuery({ queryKey: auditLogKeys.page(filters, after), queryFn: ({ signal }) => getAuditLog(filters, after, signal) });
  const actions = useQuery({ queryKey: auditLogKeys.actions, queryFn: ({ signal }) => getAuditActions(signal) });
  const chain = useQuery({ queryKey: auditLogKeys.chain, queryFn: ({ signal }) => getAuditChain(signal) });

  function apply(next: AuditLogFilters) {
    const parsed = auditLogQuerySchema.safeParse(next);
    setProblems(parsed.success ? {} : fieldErrors(parsed.error));
    if (!parsed.success) return;
    setFilters(next);
    setCursors([null]);
  }
  function submit(event: FormEvent) {
    event.preventDefault();
    apply(draft);
  }
  function clear() {
    setDraft(NO_FILTERS);
    apply(NO_FILTERS);
  }

  const field = (name: keyof AuditLogFilters) => ({
    id: `audit-filter-${name}`,
    value: draft[name],
    error: problems[name] ?? null,
    onChange: (event: { target: { value: string } }) => setDraft({ ...draft, [name]: event.target.value }),
  });
  const actionOptions = [
    { value: '', label: 'Any action' },
    ...(actions.data?.actions ?? []).map((a) => ({ value: a.action, label: a.description })),
  ];

  return (
    <ConsoleSection title="Audit log" intro="Every request that read or changed account data, newest first. Times are Central Time.">
      {chain.data && <ChainState chain={chain.data} />}
      <Card title="Filters" level={2} headingId="audit-filters-title">
        <form className="console-filters" aria-labelledby="audit-filters-title" noValidate onSubmit={submit}>
          <TextField {...field('actor')} label="Who acted" hint="E-mail or account id" autoComplete="off" />
          <TextField {...field('subject')} label="Whose record" hint="E-mail or account id" autoComplete="off" />
          <SelectField {...field('action')} label="Action" options={actionOptions} />
          <TextField {...field('from')} label="From" type="date" />
          <TextField {...field('to')} label="To" type="date" />
          <div className="console-filters__buttons">
            <Button type="submit" size="sm">
              Apply filters
            </Button>
            <Button size="sm" variant="secondary" onClick={clear}>
              Clear
            </Button>
          </div>
        </form>
      </Card>
      <Card title="Trail" level={2} headingId="audit-trail-title">
        {page.isPending && <Spinner label="Loading the audit log…" />}
        {page.isError && <LoadError error={page.error} fallback={messages.auditLogLoadFailed} onRetry={() => void page.refetch()} />}
        {page.data && page.data.rows.length === 0 && <p className="muted">{messages.noAuditRows}</p>}
        {page.data && page.data.rows.length > 0 && <TrailTable rows={page.data.rows} />}
        <nav className="row" aria-label="Audit log pages">
          <Button size="sm" variant="secondary" disabled={cursors.length === 1} onClick={() => setCursors(cursors.slice(0, -1))}>
            Newer
          </Button>
          <Button size="sm" variant="secondary" disabled={!page.data?.next} onClick={() => setCursors([...cursors, page.data!.next])}>
            Older
          </Button>
        </nav>
      </Card>
    </ConsoleSection>
  );
}

function TrailTable({ rows }: { rows: AuditLogRow[] }) {
  return (
    <div className="console-table-wrap">
      <table className="console-table">
        <thead>
          <tr>
            <th scope="col">When</th>
            <th scope="col">Who</th>
            <th scope="col">What</th>
            <th scope="col">Whose record</th>
            <th scope="col">Details</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const result = outcome(row.status);
            return (
              <tr key={row.id}>
                <td data-label="When">{formatCentral(new Date(row.at))}</td>
                <td data-label="Who">
                  {row.actorRole === 'anonymous' ? 'A visitor' : who(row.actorEmail, row.actorUserId)}
                  <div className="muted">{ROLES[row.actorRole] ?? row.actorRole}</div>
                </td>
                <td data-label="What">
                  {row.description} <span className={`status-tag ${result.tone}`}>{result.label}</span>
                </td>
                <td data-label="Whose record">{row.subjectUserId ? who(row.subjectEmail, row.subjectUserId) : '-'}</td>
                <td data-label="Details">{row.hasDetails ? <AuditRowDetails id={row.id} /> : <span className="muted">None</span>}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
