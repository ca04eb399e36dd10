import type { AdminClinician, ClinicianInvite, ClinicianSelf, ClinicianUpdate } from '@app/shared';
import { apiRequest } from '../../../lib/api-client';

interface ClinicianAnswer {
  clinician: AdminClinician;
  message: string;
}

const clinicianPath = (id: string, action = '') => `/api/admin/clinicians/${encodeURIComponent(id)}${action}`;

/** GET /api/admin/clinicians: every clinician, by name. */
export const getClinicians = (signal?: AbortSignal) => apiRequest<{ clinicians: AdminClinician[] }>('/api/admin/clinicians', { signal });

/** POST /api/admin/clinicians: the account is created and the invitation mailed. */
export const inviteClinician = (body: ClinicianInvite) => apiRequest<ClinicianAnswer>('/api/admin/clinicians', { method: 'POST', body });

/** PATCH /api/admin/clinicians/{id}: new credentials and states. */
export const updateClinician = (id: string, body: ClinicianUpdate) =>
  apiRequest<ClinicianAnswer>(clinicianPath(id), { method: 'PATCH', body });

/** POST /api/admin/clinicians/{id}/disable or /enable: access turned off (and signed out) or back on. */
export const setClinicianAccess = (id: string, access: 'disable' | 'enable') =>
  apiRequest<ClinicianAnswer>(clinicianPath(id, `/${access}`), { method: 'POST' });

/** POST /api/admin/clinicians/{id}/invitation: a new link, the earlier one cancelled. */
export const resendInvitation = (id: string) => apiRequest<{ message: string }>(clinicianPath(id, '/invitation'), { method: 'POST' });

/** POST /api/clinicians/invitation/accept: the invitation's token spent to set the password. */
export const acceptInvitation = (body: { token: string; newPassword: string }) =>
  apiRequest<{ message: string }>('/api/clinicians/invitation/accept', { method: 'POST', body });

/** GET /api/clinic/me: the signed-in clinician's name, licence and duty. */
export const getClinicSelf = (signal?: AbortSignal) => apiRequest<ClinicianSelf>('/api/clinic/me', { signal });

/** PUT /api/clinic/duty: on or off duty; answers the clinician as saved. */
export const setDuty = (onDuty: boolean) => apiRequest<ClinicianSelf>('/api/clinic/duty', { method: 'PUT', body: { onDuty } });
