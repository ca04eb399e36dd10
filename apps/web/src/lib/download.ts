import { apiRequest } from './api-client';

/** Fetches a file (a PDF) with the session and hands it to the browser to save as `fileName`. */
export async function downloadFile(path: string, fileName: string) {
  const file = await apiRequest<Blob>(path, { as: 'blob' });
  const link = document.createElement('a');
  link.href = URL.createObjectURL(file);
  link.download = fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(link.href), 0);
}
