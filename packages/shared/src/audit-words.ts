/**
 * A row of the audit trail in plain words ("Signed in", "Admin sent a password reset"): what a person reading a
 * member's history or the trail sees, the route and status staying behind "Details". Each phrase is the past
 * tense of what the request did; a route not named here falls back to "Viewed …" or "Changed …" by its method.
 */
const PHRASES: Record<string, string> = {
  'POST /api/auth/login': 'signed in',
  'POST /api/auth/logout': 'signed out',
  'POST /api/auth/verify-admin-login': 'signed in with an admin link',
  'POST /api/auth/forgot-password': 'asked for a password reset',
  'POST /api/auth/reset-password': 'set a new password from a reset link',
  'POST /api/auth/choose-plan': 'chose a plan',
  'GET /api/auth/me': 'viewed the account',
  'GET /api/me': 'viewed the account',
  'GET /api/users/me': 'viewed the account',
  'PUT /api/users/me': 'updated the profile',
  'PATCH /api/users/me': 'updated the profile',
  'PUT /api/users/password': 'changed password',
  'POST /api/users/password': 'changed password',
  'POST /api/users/register': 'signed up',
  'POST /api/users/verify-email': 'confirmed the e-mail address',
  'POST /api/users/resend-verification': 'asked for a new confirmation e-mail',
  'GET /api/users/me/payments': 'viewed the payments',
  'GET /api/users/me/health-history': 'viewed the health history',
  'PUT /api/users/me/health-history': 'updated the health history',
  'POST /api/users/me/health-history': 'updated the health history',
  'GET /api/users/me/notifications': 'viewed the notification settings',
  'PUT /api/users/me/notifications': 'changed the notification settings',
  'GET /api/users/me/sessions': 'viewed the signed-in devices',
  'DELETE /api/users/me/sessions/:sessionId': 'signed out a device',
  'POST /api/users/me/sessions/sign-out-others': 'signed out the other devices',
  'POST /api/users/:id/subscription': 'bought a membership',
  'POST /api/users/:id/planUpdate': 'changed the plan',
  'GET /api/visits': 'viewed the visits',
  'POST /api/visits': 'requested a visit',
  'GET /api/visits/:visitId': 'viewed a visit',
  'POST /api/visits/:visitId/cancel': 'cancelled a visit',
  'POST /api/visits/:visitId/messages': 'sent a message in a visit',
  'POST /api/visits/:visitId/photos': 'sent a photo in a visit',
  'GET /api/admin/users/:id': 'viewed the account',
  'PUT /api/admin/users/:id': 'edited the account',
  'POST /api/admin/users/:id/reset-password': 'sent a password reset',
  'GET /api/admin/users/:id/audit': 'viewed the history',
  'GET /api/admin/users/:id/visits': 'viewed the visits',
  'GET /api/clinic/visits/:visitId': 'viewed a visit',
  'POST /api/clinic/visits/:visitId/claim': 'took a visit',
  'POST /api/clinic/visits/:visitId/messages': 'sent a message in a visit',
  'POST /api/clinic/visits/:visitId/sign': 'signed a visit note',
};

const ACTOR_NAMES: Record<string, string> = { admin: 'Admin', clinician: 'Clinician', patient: 'A member', anonymous: 'Someone' };

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

interface AuditLine {
  action: string;
  status: number;
  actorUserId: string | null;
  actorRole: string;
}

/** Whether the row is a read: reads repeat (every page load), so a history collapses runs of the same one. */
export const isAuditRead = (action: string) => action.startsWith('GET ');

/**
 * The row as a sentence about `subjectUserId`: the person's own acts bare ("Signed in"), someone else's named by
 * role ("Admin sent a password reset"); a refused request says so.
 */
export function auditWords(line: AuditLine, subjectUserId: string | null): string {
  const phrase = PHRASES[line.action] ?? (isAuditRead(line.action) ? 'viewed the account' : 'changed the account');
  const own = line.actorUserId !== null && line.actorUserId === subjectUserId;
  const actor = ACTOR_NAMES[line.actorRole];
  const sentence = own || !actor ? capitalised(phrase) : `${actor} ${phrase}`;
  return line.status >= 400 ? `${sentence} — refused` : sentence;
}
