import { dataExportLinkSchema, messages } from '@app/shared';
import { useMutation } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { FormPage } from '../../../components/layout/form-page';
import { PageTitle } from '../../../components/layout/page-title';
import { Alert, Button, buttonClass } from '../../../components/ui';
import { failureMessage } from '../../../lib/api-failure';
import { downloadArchive } from '../api/data-export';

/** The mailed link's page: the signed-in owner downloads the archive; anyone else, or a late visitor, is told why not. */
export default function DataExportPage() {
  const [params] = useSearchParams();
  const link = dataExportLinkSchema.safeParse(Object.fromEntries(params));
  const download = useMutation({ mutationFn: () => downloadArchive(params.toString()) });

  return (
    <FormPage title="Download my data" intro={<p>Your data in one ZIP file: a JSON file and the PDF of each visit summary.</p>}>
      <PageTitle>Download my data</PageTitle>
      <div className="stack" aria-live="polite">
        {!link.success ? (
          <Alert tone="error">{messages.dataExportLinkInvalid}</Alert>
        ) : (
          <Button block onClick={() => download.mutate()} disabled={download.isPending} busy={download.isPending}>
            Download the archive
          </Button>
        )}
        {download.isSuccess && (
          <Alert tone="success">Your download has started. Keep the file somewhere safe: it holds your health record.</Alert>
        )}
        {download.isError && <Alert tone="error">{failureMessage(download.error, messages.dataExportDownloadFailed)}</Alert>}
        <Link className={buttonClass('secondary', 'md', true)} to="/profile">
          Back to my profile
        </Link>
      </div>
    </FormPage>
  );
}
