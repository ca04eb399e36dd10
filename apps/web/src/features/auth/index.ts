export { logout } from './api/logout';
export { useEndSession } from './useEndSession';
export {
  clearJustLoggedIn,
  clearSessionLocally,
  peekJustLoggedIn,
  setLoginFlash,
  updateStoredUser,
  useSession,
  useStartVisitPath,
} from './session';
