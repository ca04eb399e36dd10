import { useNavigate } from 'react-router';
import { logout } from '../../features/auth';

/** The signed-in person's own page: the dashboard, the clinic or the profile. */
export function accountLinkOf(session: { isAdmin: boolean; isClinician: boolean }) {
  if (session.isAdmin) return { to: '/admin', label: 'Admin' };
  if (session.isClinician) return { to: '/clinic', label: 'Clinic' };
  return { to: '/profile', label: 'My Profile' };
}

/** Ends the session, then shows the sign-in page. */
export function useSignOut() {
  const navigate = useNavigate();
  return async () => {
    await logout();
    void navigate('/login', { replace: true });
  };
}
