export { logout } from './api/logout';
export {
  clearJustLoggedIn,
  clearSessionLocally,
  peekJustLoggedIn,
  setLoginFlash,
  updateStoredUser,
  useSession,
  useStartVisitPath,
} from './session';
