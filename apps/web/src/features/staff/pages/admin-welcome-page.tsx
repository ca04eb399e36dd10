import { InvitationPasswordPage } from '../../../components/layout/invitation-password-page';
import { acceptAdminInvitation } from '../api/staff';

/** /admin/welcome?token=…, an admin's invitation: they choose the password they sign in with (then a link e-mailed at each sign-in). */
export default function AdminWelcomePage() {
  return <InvitationPasswordPage welcome="Welcome to the admin team." accept={acceptAdminInvitation} />;
}
