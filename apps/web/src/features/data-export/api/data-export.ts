import type { DataExportStatus } from '@app/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { ownAnswerOptions } from '../../../lib/query-client';

export const dataExportKey = ['me', 'data-export'] as const;

/** GET /api/data-export → where the latest download stands; asked again every few seconds while it is prepared. */
export const useDataExportStatus = () =>
  useQuery({
    queryKey: dataExportKey,
    queryFn: ({ signal }) => apiRequest<DataExportStatus>('/api/data-export', { signal }),
    refetchInterval: (query) => (query.state.data?.status === 'preparing' ? 3_000 : false),
    ...ownAnswerOptions,
  });

/** POST /api/data-export → {message}: the download is prepared in the background and announced by e-mail. */
export const requestDataExport = () => apiRequest<{ message: string }>('/api/data-export', { method: 'POST', body: {} });

/** The archive behind the mailed link, fetched with the session (only its owner may have it) and handed to the browser as a file. */
export async function downloadArchive(query: string) {
  const archive = await apiRequest<Blob>(`/api/data-export/archive?${query}`, { as: 'blob' });
  const link = document.createElement('a');
  link.href = URL.createObjectURL(archive);
  link.download = `my-data-${new Date().toISOString().slice(0, 10)}.zip`;
  link.click();
  setTimeout(() => URL.revokeObjectURL(link.href), 0);
}
