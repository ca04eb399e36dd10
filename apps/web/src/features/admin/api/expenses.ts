import {
  ADMIN_PAGE_SIZE,
  messages,
  type AttachInput,
  type ExchangeRate,
  type Expense,
  type ExpenseFilter,
  type ExpensePage,
  type ExpenseUpdateInput,
  type Profit,
  type UploadTicket,
} from '@app/shared';
import { ApiError, apiRequest } from '../../../lib/api-client';

/** The Expenses tab's filter as the form holds it: YYYY-MM-DD days, '' for all currencies. */
export interface ExpenseFilterValues {
  startDate: string;
  endDate: string;
  currency: '' | 'USD' | 'INR';
  createdBy: string;
}

// docs/product.md, Validation: empty filter values are left out of the request.
const query = (params: Record<string, string | number>) =>
  new URLSearchParams(
    Object.entries(params)
      .filter(([, v]) => v !== '')
      .map(([k, v]) => [k, String(v)]),
  ).toString();

const filterParams = (filter: ExpenseFilterValues | ExpenseFilter) => ({
  startDate: filter.startDate ?? '',
  endDate: filter.endDate ?? '',
  currency: filter.currency ?? '',
  createdBy: filter.createdBy?.trim() ?? '',
});

const expensePath = (id: string) => `/api/admin/expenses/${encodeURIComponent(id)}`;

/** GET /api/admin/expenses: one page of the filtered expenses and the totals of all of them. */
export const getExpenses = (filter: ExpenseFilterValues, page: number, signal?: AbortSignal) =>
  apiRequest<ExpensePage>(`/api/admin/expenses?${query({ page, size: ADMIN_PAGE_SIZE, ...filterParams(filter) })}`, { signal });

/** PUT /api/admin/expenses/{id}: creates or updates; the answer is the expense as saved. */
export const saveExpense = (id: string, body: ExpenseUpdateInput) => apiRequest<Expense>(expensePath(id), { method: 'PUT', body });

export const deleteExpense = (id: string) => apiRequest<null>(expensePath(id), { method: 'DELETE' });

/** POST /api/admin/expenses/{id}/attach: the uploaded file becomes the saved expense's attachment. */
export const attachFile = (id: string, body: Omit<AttachInput, 'contentType'> & { contentType: string }) =>
  apiRequest<Expense>(`${expensePath(id)}/attach`, { method: 'POST', body });

export const getExchangeRate = (signal?: AbortSignal) => apiRequest<ExchangeRate>('/api/admin/expenses/exchange-rate', { signal });
export const setExchangeRate = (inrPerUsd: number) =>
  apiRequest<ExchangeRate>('/api/admin/expenses/exchange-rate', { method: 'PUT', body: { inrPerUsd } });

/** GET /api/admin/analytics/profit: per month from..to (YYYY-MM). */
export const getProfit = (range: { from: string; to: string }, signal?: AbortSignal) =>
  apiRequest<Profit>(`/api/admin/analytics/profit?${query(range)}`, { signal });

/** The filtered expenses as the CSV the server writes, saved as a file by the browser. */
export async function downloadExpensesCsv(filter: ExpenseFilterValues): Promise<void> {
  const csv = await apiRequest<string>(`/api/admin/expenses/export.csv?${query(filterParams(filter))}`);
  const link = document.createElement('a');
  link.href = URL.createObjectURL(new Blob([csv], { type: 'text/csv' }));
  link.download = 'expenses.csv';
  link.click();
  setTimeout(() => URL.revokeObjectURL(link.href), 0);
}

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
      request.status >= 200 && request.status < 300 ? resolve() : reject(new Error(messages.fileUploadFailedWithStatus(request.status)));
    request.onerror = () => reject(new Error(messages.fileUploadFailed));
    request.onabort = () => reject(new Error(messages.fileUploadFailed));
    request.send(file);
  });
}
