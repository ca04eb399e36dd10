import { centralDay, messages } from '@app/shared';
import { useMutation } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Alert, Button, Card, useToast } from '../../../components/ui';
import { failureMessage } from '../../../lib/api-failure';
import { loadAllUsers, type BulkProgress } from '../api/users';

const count = (n: number) => n.toLocaleString('en-US');

/** Hands the export to the browser as a file. */
function download(json: string) {
  const url = URL.createObjectURL(new Blob([json], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `users-${centralDay(new Date())}.json`;
  link.click();
  URL.revokeObjectURL(url);
}

/** docs/product.md, Admin dashboard: every user loaded in pages of 500, shown, copied or downloaded as JSON. */
export function UsersJsonCard() {
  const [progress, setProgress] = useState<BulkProgress | null>(null);
  const [shown, setShown] = useState(false);
  const load = useMutation({ mutationFn: () => loadAllUsers(setProgress) });
  // Thousands of users make a long text: built once per load, not on every render.
  const json = useMemo(() => (load.data ? JSON.stringify(load.data, null, 2) : null), [load.data]);

  const toast = useToast();
  async function copy() {
    try {
      await navigator.clipboard.writeText(json ?? '');
      toast(messages.usersJsonCopied);
    } catch {
      toast(messages.usersJsonCopyFailed, { tone: 'error' });
    }
  }

  return (
    <Card title="Users JSON" level={2} headingId="admin-json-title">
      <p className="muted">
        Every account with the same fields as the cards above, for a spreadsheet or a backup. Each export is recorded in the audit log.
      </p>
      <div className="row">
        <Button
          size="sm"
          busy={load.isPending}
          disabled={load.isPending}
          onClick={() => {
            setProgress(null);
            load.mutate();
          }}
        >
          {load.data ? 'Refresh all users' : 'Load all users as JSON'}
        </Button>
        {json !== null && (
          <>
            <Button variant="secondary" size="sm" aria-expanded={shown} aria-controls="admin-json-text" onClick={() => setShown((s) => !s)}>
              {shown ? 'Hide JSON' : 'Show JSON'}
            </Button>
            <Button variant="secondary" size="sm" onClick={() => void copy()}>
              Copy JSON
            </Button>
            <Button variant="secondary" size="sm" onClick={() => download(json)}>
              Download .json
            </Button>
          </>
        )}
      </div>
      {(load.isPending || progress) && (
        <div className="admin-progress">
          <progress max={progress?.total || 1} value={progress?.loaded ?? 0} aria-labelledby="admin-json-progress" />
          <p id="admin-json-progress" role="status">
            {progress ? `${count(progress.loaded)} of ${count(progress.total)}` : 'Starting…'}
            {load.isPending ? ' users loaded so far' : ' users loaded'}
          </p>
        </div>
      )}
      {load.isError && <Alert tone="error">{failureMessage(load.error, messages.allUsersLoadFailed)}</Alert>}
      {json !== null && (
        <pre id="admin-json-text" className="admin-json" hidden={!shown} tabIndex={0} aria-label="All users as JSON">
          {json}
        </pre>
      )}
    </Card>
  );
}
