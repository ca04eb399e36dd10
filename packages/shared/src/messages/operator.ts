// Messages of the operator's records: enquiries, staff access and invitations, the audit log.

// Enquiries
export const enquiriesLoadFailed = 'Failed to load enquiries.';
export const noEnquiries = 'No enquiries here.';
export const enquiryNotFound = 'We could not find that enquiry.';
export const enquiryReplyRequired = 'Please write a reply.';
export const enquiryReplySent = (email: string) => `Reply sent to ${email}.`;
export const enquiryStatusSaved = (status: string) => `Enquiry marked ${status}.`;

// Staff: access and invitations
export const accessReasonRequired = 'Please give a short reason.';
export const cannotDisableYourself = 'You cannot disable your own account.';
export const clinicianAccessElsewhere = "Turn a clinician's access off from the Clinicians tab.";
export const accountDisabledNotice = (name: string) => `${name} is disabled: signed out everywhere and refused at sign-in.`;
export const accountEnabledNotice = (name: string) => `${name} can sign in again.`;
export const accountDisabled = 'This account is disabled. Contact support if you think this is a mistake.';
export const adminInvited = (email: string) => `Invitation sent to ${email}. They choose their password from the link.`;
export const adminInvitationAccepted = 'Your password is set. Sign in to open the admin dashboard.';
export const staffLoadFailed = 'Failed to load the admins.';

// The audit log
export const auditLogLoadFailed = 'Failed to load the audit log.';
export const auditRowNotFound = 'We could not find that audit row.';
export const noAuditRows = 'No audit rows match these filters.';
export const auditPersonInvalid = 'Enter an e-mail address or an account id.';
export const auditCursorInvalid = 'This page link is no longer valid. Start again from the first page.';
export const auditDateRangeInvalid = 'Choose a start date on or before the end date.';
