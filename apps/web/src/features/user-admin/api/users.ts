import {
  ADMIN_BULK_PAGE_SIZE,
  ADMIN_PAGE_SIZE,
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

/** GET /api/admin/all, or /api/admin/search when an e-mail search is on: one page of the Users list. */
export function getUsers({ email, page, sortBy, sortDir }: UserListParams, signal?: AbortSignal) {
  const order = { page, size: ADMIN_PAGE_SIZE, sortBy: sortBy === 'default' ? null : sortBy, sortDir };
  const path = email === null ? `/api/admin/all?${query(order)}` : `/api/admin/search?${query({ email, ...order })}`;
  return apiRequest<AdminUserPage>(path, { signal });
}

/** PUT /api/admin/users/{id} with the normalised body → the user as saved. */
export const updateUser = (id: string, body: AdminUserUpdate) =>
  apiRequest<AdminUser>(`/api/admin/users/${encodeURIComponent(id)}`, { method: 'PUT', body });

/** POST /api/admin/users/{id}/reset-password: the normal reset e-mail, sent through the outbox. */
export const sendUserResetEmail = (id: string) =>
  apiRequest<{ message: string }>(`/api/admin/users/${encodeURIComponent(id)}/reset-password`, { method: 'POST' });

/** GET /api/admin/users/{id}/audit: who changed or read this user, newest first. */
export const getUserHistory = (id: string, signal?: AbortSignal) =>
  apiRequest<Page<AuditEvent>>(`/api/admin/users/${encodeURIComponent(id)}/audit`, { signal });

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
