import { messages, type AttachInput, type Expense, type UploadTicket } from '@app/shared';
import { ApiError, apiRequest } from '../../../lib/api-client';

/** A file chosen for an expense, described as docs/product.md (Validation) has it: the name defaults to 'upload', the type to octet-stream. */
export const fileFacts = (file: File) => ({
  fileName: file.name || 'upload',
  contentType: file.type || 'application/octet-stream',
  size: file.size,
});

/**
 * The attachment flow (docs/product.md, Admin dashboard), first two steps: an upload slot from the server, then the bytes
 * straight to the address it returned (our server or the bucket), reporting progress (0–1).
 * Resolves with the file's address for the save or the attach.
 */
export async function uploadReceipt(expenseId: string, file: File, onProgress: (share: number) => void): Promise<string> {
  const facts = fileFacts(file);
  let ticket: UploadTicket;
  try {
    ticket = await apiRequest<UploadTicket>('/api/admin/expenses/upload-initiate', { method: 'POST', body: { expenseId, ...facts } });
  } catch (error) {
    // The server's reason (wrong type, too large) says more than the generic line.
    throw error instanceof ApiError && (error.serverMessage || error.status === 401 || error.status === 403)
      ? error
      : new Error(messages.uploadInitiationFailed);
  }
  // docs/product.md, Validation: an answer without either address is an error.
  if (!ticket?.uploadUrl || !ticket.fileUrl) throw new Error(messages.uploadInitiationFailed);
  await putFile(ticket, file, facts.contentType, onProgress);
  return ticket.fileUrl;
}

/** The refusal of an upload, with the reason when our own server gave one (a bucket answers XML). */
function uploadRefusal(status: number, body: string): string {
  let reason: unknown;
  try {
    reason = (JSON.parse(body) as { message?: unknown }).message;
  } catch {
    // Not our server's JSON: the status says what there is to say.
  }
  return typeof reason === 'string' && reason
    ? `${messages.fileUploadFailedWithStatus(status)}: ${reason}`
    : messages.fileUploadFailedWithStatus(status);
}

function putFile(ticket: UploadTicket, file: File, contentType: string, onProgress: (share: number) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    // XMLHttpRequest, not fetch: only it reports upload progress.
    const request = new XMLHttpRequest();
    request.open('PUT', ticket.uploadUrl);
    // One value per header: XMLHttpRequest joins a header set twice ("a, b"), which no store accepts.
    // The browser sets Content-Length itself.
    const headers = new Map([['content-type', contentType]]);
    for (const [name, value] of Object.entries(ticket.headers ?? {})) headers.set(name.toLowerCase(), value);
    headers.delete('content-length');
    for (const [name, value] of headers) request.setRequestHeader(name, value);
    // The local driver's address is ours: it is signed, and no bearer token is needed or sent.
    request.upload.onprogress = (event) => event.lengthComputable && onProgress(event.loaded / event.total);
    request.onload = () =>
      request.status >= 200 && request.status < 300 ? resolve() : reject(new Error(uploadRefusal(request.status, request.responseText)));
    request.onerror = () => reject(new Error(messages.fileUploadFailed));
    request.onabort = () => reject(new Error(messages.fileUploadFailed));
    request.send(file);
  });
}

/** POST /api/admin/expenses/{id}/attach: the uploaded file becomes the saved expense's attachment. */
export const attachFile = (id: string, body: Omit<AttachInput, 'contentType'> & { contentType: string }) =>
  apiRequest<Expense>(`/api/admin/expenses/${encodeURIComponent(id)}/attach`, { method: 'POST', body });
