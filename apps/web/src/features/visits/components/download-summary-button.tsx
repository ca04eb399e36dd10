import { messages } from '@app/shared';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button } from '../../../components/ui';
import { failureMessage } from '../../../lib/api-failure';
import { downloadFile } from '../../../lib/download';

/** "Download PDF": the signed summary as a file to keep or share with another doctor. */
export function DownloadSummaryButton({ visitId, date }: { visitId: string; date: string }) {
  const download = useMutation({
    mutationFn: () => downloadFile(`/api/visits/${visitId}/summary.pdf`, `visit-summary-${date.slice(0, 10)}.pdf`),
  });
  return (
    <>
      <Button variant="secondary" onClick={() => download.mutate()} disabled={download.isPending} busy={download.isPending}>
        Download PDF
      </Button>
      {download.isError && <Alert tone="error">{failureMessage(download.error, messages.genericError)}</Alert>}
    </>
  );
}
