import {
  ADMIN_BULK_PAGE_SIZE,
  type AdminMembership,
  type MembershipTerms,
  type AdminUser,
  type AdminUserPage,
  type AdminUserUpdate,
  type AuditEvent,
  type Page,
} from '@app/shared';
import { apiRequest } from '../../../lib/api-client';
import type { UserListParams } from './keys';

const query = (params: Record<string, string | number | null | undefined>) => {
  // docs/product.md, Validation: empty sort and filter values are left out of the request.
  const entries = Object.entries(params).filter(([, v]) => v !== null && v !== undefined && v !== '');
  return new URLSearchParams(entries.map(([k, v]) => [k, String(v)])).toString();
};

/** GET /api/admin/all: one page of the Members table, searched and filtered. */
export function getUsers({ q, status, plan, verified, page, size, sortBy, sortDir }: UserListParams, signal?: AbortSignal) {
  const params = {
    q,
    status,
    plan,
    verified: verified === null ? null : String(verified),
    page,
    size,
    sortBy: sortBy === 'default' ? null : sortBy,
    sortDir,
  };
  return apiRequest<AdminUserPage>(`/api/admin/all?${query(params)}`, { signal });
}

/** GET /api/admin/users/{id}: one member, as the admin API shows them. */
export const getUser = (id: string, signal?: AbortSignal) =>
  apiRequest<AdminUser>(`/api/admin/users/${encodeURIComponent(id)}`, { signal });

/** PUT /api/admin/users/{id} with the normalised body → the user as saved. */
export const updateUser = (id: string, body: AdminUserUpdate) =>
  apiRequest<AdminUser>(`/api/admin/users/${encodeURIComponent(id)}`, { method: 'PUT', body });

/** POST /api/admin/users/{id}/reset-password: the normal reset e-mail, sent through the outbox. */
export const sendUserResetEmail = (id: string) =>
  apiRequest<{ message: string }>(`/api/admin/users/${encodeURIComponent(id)}/reset-password`, { method: 'POST' });

/** How many of a member's latest events their page reads: repeated reads fold into one line, so a page holds many. */
const HISTORY_SIZE = 100;

/** GET /api/admin/users/{id}/audit: who changed or read this user, newest first. */
export const getUserHistory = (id: string, signal?: AbortSignal) =>
  apiRequest<Page<AuditEvent>>(`/api/admin/users/${encodeURIComponent(id)}/audit?${query({ size: HISTORY_SIZE })}`, { signal });

/** GET /api/admin/users/{id}/membership: the cancellation, scheduled plan change and consents to auto-renewal. */
export const getUserMembership = (id: string, signal?: AbortSignal) =>
  apiRequest<AdminMembership>(`/api/admin/users/${encodeURIComponent(id)}/membership`, { signal });

/** POST /api/admin/users/{id}/membership/cancellation: a cancellation by the member's terms, with the admin's reason. */
export const cancelUserMembership = (id: string, reason: string) =>
  apiRequest<MembershipTerms>(`/api/admin/users/${encodeURIComponent(id)}/membership/cancellation`, { method: 'POST', body: { reason } });

/** DELETE /api/admin/users/{id}/membership/cancellation: undoes a cancellation that has not taken effect. */
export const keepUserMembership = (id: string) =>
  apiRequest<MembershipTerms>(`/api/admin/users/${encodeURIComponent(id)}/membership/cancellation`, { method: 'DELETE' });

export interface BulkProgress {
  loaded: number;
  total: number;
}

/** Every user, through GET /api/admin/all in pages of 500 (docs/product.md, Constants), reporting progress after each page. */
export async function loadAllUsers(onProgress: (progress: BulkProgress) => void): Promise<AdminUser[]> {
  const users: AdminUser[] = [];
  for (let page = 0; ; page += 1) {
    const answer = await apiRequest<Page<AdminUser>>(`/api/admin/all?${query({ page, size: ADMIN_BULK_PAGE_SIZE })}`, { quiet: true });
    users.push(...answer.content);
    onProgress({ loaded: users.length, total: Math.max(answer.totalElements, users.length) });
    if (answer.content.length === 0 || page + 1 >= answer.totalPages) return users;
  }
}
