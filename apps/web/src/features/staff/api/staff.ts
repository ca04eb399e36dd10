import type { AccessChange, AdminInviteInput, StaffAdmin } from '@app/shared';
import { apiRequest } from '../../../lib/api-client';

export const staffKeys = { all: ['staff'] as const, admins: ['staff', 'admins'] as const };

/** POST /api/admin/users/{id}/disable or /enable, with the reason. */
export const setAccess = (id: string, access: 'disable' | 'enable', body: AccessChange) =>
  apiRequest<{ id: string; disabledAt: string | null; message: string }>(`/api/admin/users/${encodeURIComponent(id)}/${access}`, {
    method: 'POST',
    body,
  });

/** GET /api/admin/staff/admins: every admin, enabled or not. */
export const getAdmins = (signal?: AbortSignal) => apiRequest<{ admins: StaffAdmin[] }>('/api/admin/staff/admins', { signal });

/** POST /api/admin/staff/invitations: the account is created and the link mailed. */
export const inviteAdmin = (body: AdminInviteInput) =>
  apiRequest<{ message: string }>('/api/admin/staff/invitations', { method: 'POST', body });

/** POST /api/staff/invitation/accept: the invitation's token spent to set the password. */
export const acceptAdminInvitation = (body: { token: string; newPassword: string }) =>
  apiRequest<{ message: string }>('/api/staff/invitation/accept', { method: 'POST', body });
