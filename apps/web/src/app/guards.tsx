import { messages } from '@app/shared';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useSession } from '../features/auth';

/**
 * Signed-in gate (docs/product.md, Public site): no stored session → /login; a stored user marked unverified →
 * /login with the flash 'Please verify your email before signing in.'
 */
export function RequireSession({ children }: { children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  if (!session.signedIn) return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  if (session.verified === false) {
    return <Navigate to="/login" replace state={{ flash: { message: messages.guardVerifyFirst, tone: 'warning' } }} />;
  }
  return children;
}

/** Patients only: an admin visiting the profile goes to /admin, a clinician to /clinic. */
export function PatientOnly({ children }: { children: ReactNode }) {
  const session = useSession();
  if (session.isAdmin) return <Navigate to="/admin" replace />;
  if (session.isClinician) return <Navigate to="/clinic" replace />;
  return children;
}

/** Admin gate: signed out → /login; signed in but not an admin → /profile. */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const session = useSession();
  if (!session.signedIn) return <Navigate to="/login" replace />;
  if (!session.isAdmin) return <Navigate to="/profile" replace />;
  return children;
}

/** Clinician gate: signed out → /login; signed in as anyone else → their own start page (through /profile's gate). */
export function RequireClinician({ children }: { children: ReactNode }) {
  const session = useSession();
  if (!session.signedIn) return <Navigate to="/login" replace />;
  if (!session.isClinician) return <Navigate to="/profile" replace />;
  return children;
}
