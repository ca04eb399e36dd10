import { messages } from '@app/shared';
import { useMutation } from '@tanstack/react-query';
import { Button } from '../../../components/ui';
import { failureMessage } from '../../../lib/api-failure';
import { getAuditDetails } from '../api/audit-log';

/** A row's sealed details, opened only when asked: the opening is itself recorded in the trail. */
export function AuditRowDetails({ id }: { id: number }) {
  const open = useMutation({ mutationFn: () => getAuditDetails(id) });
  const panelId = `audit-details-${id}`;
  return (
    <div>
      <Button
        variant="link"
        aria-expanded={open.isSuccess}
        aria-controls={panelId}
        disabled={open.isPending || open.isSuccess}
        onClick={() => open.mutate()}
      >
        {open.isSuccess ? 'Details' : 'Open details'}
      </Button>
      <div id={panelId} aria-live="polite">
        {open.isSuccess && <pre className="console-details">{JSON.stringify(open.data.details, null, 2)}</pre>}
        {open.isError && <p className="field__error">{failureMessage(open.error, messages.auditLogLoadFailed)}</p>}
      </div>
    </div>
  );
}
