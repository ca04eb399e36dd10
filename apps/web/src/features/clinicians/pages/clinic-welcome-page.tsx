import { InvitationPasswordPage } from '../../../components/layout/invitation-password-page';
import { acceptInvitation } from '../api/clinicians';

/** /clinic/welcome?token=…, a clinician's invitation: they choose the password they sign in with. */
export default function ClinicWelcomePage() {
  return <InvitationPasswordPage welcome="Welcome to the clinic." accept={acceptInvitation} />;
}
