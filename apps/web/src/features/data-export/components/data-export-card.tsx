import { formatCentralDate, messages } from '@app/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Spinner } from '../../../components/ui';
import { failureMessage } from '../../../lib/api-failure';
import { dataExportKey, requestDataExport, useDataExportStatus } from '../api/data-export';

/** "Download my data": a copy of everything held about the member, prepared in the background and mailed as a link. */
export function DataExportCard() {
  const status = useDataExportStatus();
  const queryClient = useQueryClient();
  const request = useMutation({
    mutationFn: requestDataExport,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dataExportKey }),
  });
  const current = status.data?.status ?? 'none';

  return (
    <Card title="Your data" headingId="data-export-card-title">
      <div className="stack">
        <p className="muted">
          A copy of everything we hold about you: your profile, health history, visits and their summaries (as PDFs), messages, payments,
          consents and sign-in history, in one ZIP file.
        </p>
        {request.isSuccess && current !== 'ready' && <Alert tone="success">{request.data.message}</Alert>}
        {request.isError && <Alert tone="error">{failureMessage(request.error, messages.dataExportRequestFailed)}</Alert>}
        {current === 'preparing' && <Spinner label="Preparing your data…" />}
        {status.data?.status === 'ready' && (
          <Alert tone="info">
            Your data is ready. We e-mailed you the link; it works until {formatCentralDate(new Date(status.data.expiresAt))}.
          </Alert>
        )}
        <div>
          <Button
            variant="secondary"
            onClick={() => request.mutate()}
            disabled={current === 'preparing' || request.isPending}
            busy={request.isPending}
          >
            Download my data
          </Button>
        </div>
      </div>
    </Card>
  );
}
