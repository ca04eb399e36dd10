export { getMe, useAuthMe, useMe } from './api/get-me';
export { authKeys } from './api/keys';
export { endOtherSessions, endSession, useSessions } from './api/sessions';
export { logout } from './api/logout';
export { useEndSession } from './use-end-session';
export { clearJustLoggedIn, dropAdminRoles, peekJustLoggedIn, updateStoredUser, useSession, useStartVisitPath } from './session';
