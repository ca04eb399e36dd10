export { logout } from './api/logout';
export { decodeJwtPayload, isAdminToken, rolesFromToken } from './roles';
export {
  AUTH_CHANGED_EVENT,
  clearJustLoggedIn,
  clearSessionLocally,
  notifyAuthChanged,
  peekJustLoggedIn,
  readSession,
  setLoginFlash,
  updateStoredUser,
  useSession,
  useStartVisitPath,
  type Session,
  type StoredUser,
} from './session';
