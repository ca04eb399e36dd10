// Messages of the admin dashboard (spec 2 §5, §8) and of the rules the server adds around it.

export const usersLoadFailed = 'Failed to load users.';
export const analyticsLoadFailed = 'Failed to load analytics.';
export const userSaveFailed = 'Failed to save user.';
export const allUsersLoadFailed = 'Failed to load all users.';
export const missingUserId = 'Missing userId';
export const searchTooShort = 'Please enter at least 3 characters to search by email.';
export const noUsersFound = 'No users found.';
export const confirmPasswordReset = 'Send password reset email to this user?';
export const passwordResetInitiated = 'Password reset initiated';
export const passwordResetFailed = 'Reset failed';
export const usersJsonCopied = 'Copied users JSON to clipboard';
export const usersJsonCopyFailed = 'Copy failed';

// The server's own rules for a user edit
export const emailTakenByAnother = 'Another account already uses this email.';
export const unknownRole = (role: string) => `Unknown role "${role}". Roles are ROLE_USER and ROLE_ADMIN.`;
export const cannotRemoveOwnAdmin = 'You cannot remove your own admin role.';
export const lastAdminStays = 'This is the last admin: make another user an admin first.';
export const changeReasonRequired = 'Please give a short reason for changing roles, subscription or amount.';
export const unknownSubscriptionStatus = 'Choose a known subscription status.';
export const unknownSubscriptionPlan = 'Choose a known plan.';
export const amountInvalid = 'Enter an amount in dollars of at most 2 decimals, from 0 to 100,000.';
export const dateInvalid = 'Enter a valid date as YYYY-MM-DD.';
export const analyticsRangeInvalid = 'Choose a start date on or before the end date, at most 3 years apart.';
