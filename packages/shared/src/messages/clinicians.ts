// Clinicians: their details, invitations and sign-in
export const npi = 'Please enter a 10-digit NPI with a valid check digit.';
export const clinicianCredentials = 'Please choose the credentials: MD, DO, NP or PA.';
export const clinicianStatesRequired = 'Please choose at least one state where the clinician is licensed.';
export const clinicianStateUnknown = 'Please choose states from the list of US states.';
export const clinicianEmailTaken = 'An account already uses this email.';
export const clinicianNpiTaken = 'Another clinician already has this NPI.';
export const clinicianNotFound = 'We could not find that clinician.';
export const clinicianInvited = (email: string) => `Invitation sent to ${email}.`;
export const clinicianInvitationResent = 'A new invitation was sent. The earlier link no longer works.';
export const clinicianInvitationInvalid =
  'This invitation link is invalid, expired or already used. Ask an administrator to send you a new one.';
export const clinicianInvitationAccepted = 'Your password is set. Sign in to open the clinic.';
export const clinicianDisabled = 'Your clinician access is turned off. Contact an administrator.';
export const clinicSignInVerified = 'Clinic sign-in confirmed.';
export const clinicianSaved = (name: string) => `${name}'s credentials and states were saved.`;
export const clinicianAccessOff = (name: string) => `${name} can no longer sign in to the clinic.`;
export const clinicianAccessOn = (name: string) => `${name} can sign in to the clinic again.`;
export const clinicianDisableConfirm = (name: string) =>
  `Turn off ${name}'s access? They are signed out at once and cannot sign in until an admin turns it back on.`;
export const clinicianEnableConfirm = (name: string) => `Turn ${name}'s access back on? They can sign in to the clinic again.`;
export const noClinicians = 'No clinicians yet. Invite the first one below.';
export const clinicOffDuty = 'You are off duty: patients are not routed to you.';
export const clinicOnDuty = 'You are on duty: new requests in your states reach you.';
