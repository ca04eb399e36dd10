import type { EnquiryDetail, EnquiryPage, EnquiryStatus } from '@app/shared';
import { apiRequest } from '../../../lib/api-client';

/** The query keys of the console's enquiries: all under ['enquiries'], so a reply refreshes the list and the counts. */
export const enquiryKeys = {
  all: ['enquiries'] as const,
  list: (status: EnquiryStatus | null, page: number) => ['enquiries', 'list', status, page] as const,
  one: (id: string) => ['enquiries', 'one', id] as const,
};

const enquiryPath = (id: string, action = '') => `/api/admin/enquiries/${encodeURIComponent(id)}${action}`;

interface EnquiryAnswer {
  enquiry: EnquiryDetail;
  message: string;
}

/** GET /api/admin/enquiries: one status or all, newest first, a page at a time. */
export function getEnquiries(status: EnquiryStatus | null, page: number, signal?: AbortSignal) {
  const query = new URLSearchParams({ page: String(page), size: '25', ...(status ? { status } : {}) });
  return apiRequest<EnquiryPage>(`/api/admin/enquiries?${query}`, { signal });
}

/** GET /api/admin/enquiries/{id}: the message and replies (the server records the read). */
export const getEnquiry = (id: string, signal?: AbortSignal) => apiRequest<EnquiryDetail>(enquiryPath(id), { signal });

/** POST /api/admin/enquiries/{id}/replies: the reply is mailed and kept. */
export const replyToEnquiry = (id: string, body: string) =>
  apiRequest<EnquiryAnswer>(enquiryPath(id, '/replies'), { method: 'POST', body: { body } });

/** PUT /api/admin/enquiries/{id}/status. */
export const setEnquiryStatus = (id: string, status: EnquiryStatus) =>
  apiRequest<EnquiryAnswer>(enquiryPath(id, '/status'), { method: 'PUT', body: { status } });
