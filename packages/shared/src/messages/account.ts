// The account's own changes: a new e-mail, the data download, and deleting the account.

export const emailChangeSame = 'This is already the e-mail address of your account.';
export const emailChangeSent =
  'We sent a link to the new address. Open it to confirm: your e-mail changes only then, and your other devices are signed out.';
export const emailChangeFailed = "Couldn't start the e-mail change. Please try again.";
export const emailChangeConfirmed = 'Your e-mail address is changed. Sign in with the new address from now on.';
export const emailChangeTokenInvalid = 'This link is invalid, expired or already used. Please ask for a new one from your profile.';
export const emailChangeTokenMissing = 'The link is missing its code. Please open the link from your email again.';

export const dataExportRequested = "We're preparing your data. We'll e-mail you a link when it is ready to download.";
export const dataExportRequestFailed = "Couldn't request your data. Please try again.";
export const dataExportLinkInvalid = 'This download link is not valid. Please use the link from your most recent e-mail.';
export const dataExportLinkExpired = 'This download link has expired. Please request your data again from your profile.';
export const dataExportNotYours = 'This download belongs to another account. Sign in as its owner to download it.';
export const dataExportDownloadFailed = "Couldn't download your data. Please try again.";

/** What deleting the account does, said before the person confirms it. */
export const accountDeletionConsequences = [
  'Renewals stop at once and your membership ends, with no further charge.',
  'You are signed out everywhere, and you can no longer sign in.',
  'Your contact details, preferences and anything not part of your medical or payment record are erased.',
  'Your medical record and payment records are kept for 7 years, as our Terms say, sealed and readable only by our administrators with a recorded reason; then they are erased.',
  'Your e-mail address can be used to register again, as a new account.',
] as const;
/** What happens to the children a guardian keeps, said before the guardian confirms. */
export const accountDeletionChildren = (names: readonly string[]) => {
  const who =
    names.length === 1 ? `${names[0]}'s account closes` : `The accounts of ${names.slice(0, -1).join(', ')} and ${names.at(-1)} close`;
  const records = names.length === 1 ? 'their medical record is' : 'their medical records are';
  return `${who} with yours: nobody can ask for a visit for them any more, and ${records} kept for 7 years like yours, sealed, then erased.`;
};
export const accountDeleted = 'Your account is deleted. We are sorry to see you go.';
export const accountDeletionFailed = "Couldn't delete your account. Please try again.";
export const keptRecordReasonRequired = 'Please give the reason for reading this record.';
export const keptRecordNotFound = 'No deleted account with kept records has this id.';
