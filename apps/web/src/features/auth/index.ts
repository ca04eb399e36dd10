export { getAuthMe, getMe, useMe } from './api/getMe';
export { logout } from './api/logout';
export { useEndSession } from './useEndSession';
export { clearJustLoggedIn, peekJustLoggedIn, updateStoredUser, useSession, useStartVisitPath } from './session';
