import { messages } from '@app/shared';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button } from '../../../components/ui';
import { apiRequest } from '../../../lib/api-client';
import { failureMessage } from '../../../lib/api-failure';

/** Fetches the summary's PDF with the session and hands it to the browser as a file. */
async function downloadSummary(visitId: string, date: string) {
  const pdf = await apiRequest<Blob>(`/api/visits/${visitId}/summary.pdf`, { as: 'blob' });
  const link = document.createElement('a');
  link.href = URL.createObjectURL(pdf);
  link.download = `visit-summary-${date.slice(0, 10)}.pdf`;
  link.click();
  setTimeout(() => URL.revokeObjectURL(link.href), 0);
}

/** "Download PDF": the signed summary as a file to keep or share with another doctor. */
export function DownloadSummaryButton({ visitId, date }: { visitId: string; date: string }) {
  const download = useMutation({ mutationFn: () => downloadSummary(visitId, date) });
  return (
    <>
      <Button variant="secondary" onClick={() => download.mutate()} disabled={download.isPending} busy={download.isPending}>
        Download PDF
      </Button>
      {download.isError && <Alert tone="error">{failureMessage(download.error, messages.genericError)}</Alert>}
    </>
  );
}
