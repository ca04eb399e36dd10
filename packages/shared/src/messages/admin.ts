// Messages of the admin dashboard (docs/product.md, Validation and Messages) and of the rules the server adds around it.

export const usersLoadFailed = 'Failed to load users.';
export const analyticsLoadFailed = 'Failed to load analytics.';
export const userSaveFailed = 'Failed to save user.';
export const allUsersLoadFailed = 'Failed to load all users.';
export const missingUserId = 'Missing userId';
export const searchTooShort = 'Please enter at least 3 characters to search by email.';
export const noUsersFound = 'No users found.';
export const searchCountCapped = (limit: number) =>
  `More than ${limit.toLocaleString('en-US')} users match. The list shows the first ${limit.toLocaleString('en-US')}; narrow the search to count them all.`;
export const confirmPasswordReset = 'Send password reset email to this user?';
export const passwordResetInitiated = 'Password reset initiated';
export const passwordResetFailed = 'Reset failed';
export const passwordResetSentTo = (email: string) => `Reset e-mail sent to ${email}`;
export const passwordResetExplained = (email: string) =>
  `A link to choose a new password goes to ${email}. The current password keeps working until then.`;
export const usersJsonCopied = 'Copied users JSON to clipboard';
export const usersJsonCopyFailed = 'Copy failed';
export const auditTrailUnavailable =
  'Patient records cannot be shown right now because the audit trail cannot record this read. Please try again in a minute.';

// The server's own rules for a user edit
export const emailTakenByAnother = 'Another account already uses this email.';
export const unknownRole = (role: string) => `Unknown role "${role}". Roles are ROLE_USER and ROLE_ADMIN.`;
export const cannotRemoveOwnAdmin = 'You cannot remove your own admin role.';
export const lastAdminStays = 'This is the last admin: make another user an admin first.';
export const renewalInFlight = "This membership's renewal is being charged right now. Please try again in a minute, once it has settled.";
export const changeReasonRequired = 'Please give a short reason for changing roles, subscription or amount.';
export const unknownSubscriptionStatus = 'Choose a known subscription status.';
export const unknownSubscriptionPlan = 'Choose a known plan.';
export const amountInvalid = 'Enter an amount in dollars of at most 2 decimals, from 0 to 100,000.';
export const dateInvalid = 'Enter a valid date as YYYY-MM-DD.';
export const dateOutOfRange = (first: number, last: number) => `Enter a date from ${first} to ${last}.`;
export const monthInvalid = (first: number, last: number) => `Enter a month as YYYY-MM, from ${first} to ${last}.`;
export const analyticsRangeInvalid = 'Choose a start date on or before the end date, at most 3 years apart.';

// Expenses (docs/product.md, Admin dashboard, Validation and Messages) and the server's rules around them
export const expensesLoadFailed = 'Failed to load expenses.';
export const expenseSaveFailed = 'Failed to save expense.';
export const noExpensesFound = 'No expenses found.';
export const untitledExpense = '(Untitled)';
export const confirmExpenseDelete = 'Delete this expense?';
export const expenseDeleteFailed = 'Delete failed';
export const expenseSaved = 'Expense saved';
export const expenseDeleted = 'Expense deleted';
export const expenseDeleteExplained = 'The expense and its receipt are removed for good.';
export const fileUploadFailed = 'File upload failed';
export const fileUploadFailedWithStatus = (code: number) => `File upload failed with status ${code}`;
export const uploadInitiationFailed = 'Upload initiation failed';
export const missingExpenseId = 'Missing expenseId';
export const expenseNotFound = 'This expense no longer exists.';
export const currencyInvalid = 'Choose USD or INR.';
export const expenseAmountInvalid = 'Enter an amount of at most 2 decimals, from 0 to 10,000,000.';
export const spentAtInvalid = 'Enter a valid spent date.';
export const receiptTypeInvalid = 'Attach a PDF, JPEG or PNG file.';
export const receiptTooLarge = 'Attach a file of at most 10 MB.';
export const receiptEmpty = 'The file is empty.';
export const receiptContentMismatch = "This file isn't a PDF, JPEG or PNG.";
export const uploadLinkInvalid = 'This upload address is invalid or has expired. Please upload again.';
export const uploadNotFound = 'Upload the file again: this upload is unknown, expired or belongs to another expense.';
export const uploadNotReceived = 'The file has not arrived in storage yet, or its size differs. Please upload again.';
export const tooManyPendingUploads = (limit: number) =>
  `You have ${limit} uploads waiting to be attached. Attach them, or try again when their upload addresses expire (15 minutes).`;
export const exchangeRateInvalid = 'Enter the rupees per US dollar, from 10 to 1,000, with at most 4 decimals.';
export const exchangeRateLoadFailed = 'Failed to load the exchange rate.';
export const exchangeRateSaveFailed = 'Failed to save the exchange rate.';
export const profitLoadFailed = 'Failed to load profit.';
export const expensesExportFailed = 'Failed to export expenses.';
export const expenseDateRangeInvalid = 'Choose a start date on or before the end date.';
export const profitRangeInvalid = 'Choose a start month on or before the end month, at most 3 years apart.';
export const downloadLinkInvalid = 'This download link is invalid or has expired. Open the expense again for a fresh link.';

// The Visits panel of the analytics
export const visitAnalyticsLoadFailed = 'Failed to load visit figures.';
export const visitWaitDefinition =
  'Wait: from a request to a clinician claiming it, over the requests of the last 30 days that were claimed. Half waited less than the median, 9 in 10 less than the 90th percentile.';
export const noVisitsClosed = 'No clinician completed a visit in the last 30 days.';
