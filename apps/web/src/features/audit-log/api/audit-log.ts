import type { AuditActionList, AuditChainState, AuditLogPage } from '@app/shared';
import { apiRequest } from '../../../lib/api-client';

/** The audit log's filters as the form holds them; empty means "any". */
export interface AuditLogFilters {
  actor: string;
  subject: string;
  action: string;
  from: string;
  to: string;
}

export const auditLogKeys = {
  all: ['audit-log'] as const,
  page: (filters: AuditLogFilters, after: string | null) => ['audit-log', 'page', filters, after] as const,
  actions: ['audit-log', 'actions'] as const,
  chain: ['audit-log', 'chain'] as const,
  details: (id: number) => ['audit-log', 'details', id] as const,
};

/** GET /api/admin/audit-log: a page of the trail, newest first, after the previous page's cursor. */
export function getAuditLog(filters: AuditLogFilters, after: string | null, signal?: AbortSignal) {
  const entries = Object.entries({ ...filters, after: after ?? '' }).filter(([, value]) => value.trim() !== '');
  return apiRequest<AuditLogPage>(`/api/admin/audit-log?${new URLSearchParams(entries)}`, { signal });
}

/** GET /api/admin/audit-log/actions: the actions the trail records, in words. */
export const getAuditActions = (signal?: AbortSignal) => apiRequest<AuditActionList>('/api/admin/audit-log/actions', { signal });

/** GET /api/admin/audit-log/chain: the chain's state as last checked. */
export const getAuditChain = (signal?: AbortSignal) => apiRequest<AuditChainState>('/api/admin/audit-log/chain', { signal });

/** GET /api/admin/audit-log/{id}/details: a row's sealed details (the opening is recorded). */
export const getAuditDetails = (id: number) =>
  apiRequest<{ id: number; details: Record<string, unknown> | null }>(`/api/admin/audit-log/${id}/details`);
