// Messages of the forms and pages that need them: validation, sign-up, sign-in, profile, checkout,
// enquiries. Each page's script carries only the ones it uses.

/** The example address shown in e-mail validation messages. */
const EXAMPLE_EMAIL = 'name@example.com';

export const required = 'This field is required.';
export const email = `Please enter a valid email address (${EXAMPLE_EMAIL}).`;
export const phone = 'Phone number must contain exactly 10 digits.';
export const password = 'Password must be at least 8 characters and include uppercase, lowercase, number, and special character.';
export const passwordTooLong = 'Password must be at most 256 characters.';
export const passwordsDoNotMatch = 'Passwords do not match.';
export const dobRequired = 'Please enter your date of birth.';
export const dobInvalid = 'Please enter a valid date.';
export const dobFuture = "Date of birth can't be in the future.";
export const dobTooYoung = 'You must be at least 18 years old to sign up.';
export const zipRequired = 'Please enter your ZIP code.';
export const zipTooLong = 'ZIP code must be at most 10 characters.';
export const planRequired = 'Please select a membership plan.';
export const smsTerms = 'Please accept the SMS terms to proceed.';
export const smsConsent =
  'I agree to receive SMS messages about my account and appointments. Msg & data rates may apply. Reply STOP to opt out, HELP for help.';
export const tooLong = (max: number) => `Must be at most ${max} characters.`;

export const enquiryNameRequired = 'Please enter your full name.';
export const enquiryNameShort = 'Name looks too short.';
export const enquiryMessageRequired = 'Please enter a short message.';
export const enquiryMessageShort = 'Message is too short.';

export const enquirySuccess = "Thanks — your enquiry has been sent. We'll contact you shortly.";
export const enquiryFailedStatus = (status: number, message?: string) =>
  message ? `Send failed (${status}): ${message}` : `We couldn't send your enquiry (${status}). Please try again.`;
export const enquirySupportHint = (supportEmail: string) => `If the issue persists, contact ${supportEmail}.`;
export const enquiryRateLimited = 'You have sent several enquiries in the last hour. Please wait a little or call us.';

export const loginBothRequired = 'Please fill in both email and password fields.';
export const loginEmail = 'Please enter a valid email address.';
export const captchaRequired = 'Please verify you are not a robot.';

export const forgotEmpty = 'Please enter your email to reset your password.';
/** Also the checkout's e-mail message: the same words. */
export const forgotInvalid = 'Enter a valid email address.';
export const resetTokenRequired = 'Reset token is required. Please paste the link or the token from your email.';
export const currentPasswordRequired = 'Please enter your current password.';

export const paymentPhone = 'Enter a valid phone number.';
export const expiryMonth = 'Month must be between 01 and 12.';
export const cardExpired = 'Card has expired.';
export const expiryFormat = 'Use MM/YY format.';
export const cardNumberLength = 'Card number must be 13-19 digits.';
export const cardNumberInvalid = 'Card number is invalid.';
export const cvcLength = (digits: number) => `CVC must be ${digits} digits.`;
export const fieldRequired = (label: string) => `${label} is required.`;

export const paymentVerifyAccount = 'We could not verify your account. Please return to your profile and try again.';
export const paymentUnavailable = 'Unable to process your payment right now. Please try again.';
export const paymentSuccess = 'Payment processed successfully. Your subscription is active.';
export const paymentVerifyEmailFirst = 'Please verify your email address before paying for a membership.';
export const paymentAlreadyActive = 'Your membership is already active. To change it, please contact support.';
export const idempotencyKeyRequired = 'Each payment request needs an Idempotency-Key header.';
export const idempotencyKeyReused = 'This payment request was already used for a different payment. Please reload the page and try again.';
export const paymentInProgress = 'This payment is still being processed. Please wait a moment before trying again.';
export const declined = {
  card_declined: 'Your card was declined. Please use a different card or contact your bank.',
  insufficient_funds: 'Your card has insufficient funds. Please use a different card.',
  expired_card: 'Your card has expired. Please use a different card.',
  incorrect_cvc: "Your card's security code (CVC) is incorrect. Please check it and try again.",
  processing_error: 'We could not process your card right now. Please try again in a few minutes.',
};
export const planSaved = 'Your plan selection was saved.';
export const planSaveFailed = 'Unable to save your plan selection right now. Please try again.';
export const planChangeRefused =
  'You are not allowed to change the current plan while your membership is active. Please contact support by phone or e-mail to change it.';
export const planNotedSignIn = 'Your plan choice is noted. Please sign in to continue.';
export const notYourAccount = 'You can only change your own account.';

export const paymentHistoryFailed = 'We could not load your payment history. Please try again.';
export const paymentFixFields = 'Please check the highlighted fields and try again.';

export const pickPlan = 'Please pick a plan to continue.';
export const choosePlanBeforePayment = 'Please choose a plan before proceeding to payment.';
export const sessionExpired = 'Your session has ended. Please sign in again.';
export const tooManyRequests = 'Too many attempts. Please wait a few minutes and try again.';
export const tooManyLoginAttempts = 'Too many sign-in attempts. Please wait 15 minutes and try again, or reset your password.';
export const malformedJson = 'The request body is not valid JSON.';
export const unknownField = (field: string) => `Unknown field: ${field}.`;

export const signupSuccess = 'Thanks! We sent a verification email. Please check your inbox / junk / spam folder to confirm your account.';
export const signupInvalid = 'Signup failed: invalid data or account already exists.';
export const signupDefault = "We couldn't process your signup right now. Please try again.";
export const signupFrontendAnswered = 'Signup failed: the request reached the website instead of the API server. Please try again later.';
export const signupFailedStatus = (status: number, message?: string) =>
  message ? `Signup failed (${status}): ${message}` : `Signup failed (${status}). Please try again.`;
export const signupMailRetry = 'You can submit again to retry sending the verification email.';
/** A 502 at sign-up: the details were saved but the verification e-mail was not sent (docs/product.md, Messages). */
export const signupMailFailed = (message?: string) => (message ? `${message} ${signupMailRetry}` : signupMailRetry);
export const requestError = (message: string) => `Request error: ${message}`;

export const captchaFailed = 'Captcha verification failed. Please try again.';
export const captchaCallError = 'Could not verify captcha. Please refresh and try again.';
export const captchaInitFailed = 'Captcha failed to initialize. Please refresh and try again.';
export const captchaIncomplete = 'Captcha could not be completed. Please refresh and try again.';
export const captchaUnsupported = 'Captcha cannot run in this environment. Please try another browser.';

export const loginFailed = 'Login failed. Please check your email and password.';
export const loginManyFailures =
  "We've seen several unsuccessful sign-in attempts. Please double-check your email and password, use Forgot Password if needed, or contact support.";
export const notVerified = 'Please verify your email before signing in. Check your inbox for the verification link.';
export const magicLinkSent = 'We sent a magic sign-in link to your email. Open it within 15 minutes to finish signing in.';
export const magicLinkInvalid = 'This sign-in link is invalid, expired or already used. Please sign in again to get a new link.';
export const magicLinkVerified = 'Admin sign-in confirmed.';

export const forgotSuccess = "If the email exists in our system, we'll send password reset instructions to that address.";
export const forgotFailed = 'Failed to send password reset instructions. Please try again.';

export const resetSuccess = 'Your password has been reset successfully. You can sign in now.';
export const resetFailed = 'Unable to reset your password right now. Please try again.';
export const resetTokenInvalid = 'This reset link is invalid or has expired. Please request a new one.';

export const verifyMissingToken = 'Verification token is missing. Please open the link from your email again.';
export const verifyOffline = 'You appear to be offline. Please reconnect and try again.';
export const verifyNetwork = 'Network connection lost. Please check your connection and try again.';
export const verifyDefault = 'Verification failed. Please try again.';
export const verifySuccess = 'Your email has been verified. You can sign in now.';
export const verifyTokenInvalid = 'This verification link is invalid, expired or already used. Please ask for a new one.';

export const profileLoadFailed = 'Unable to load your profile. Please check your network connection and try again.';
export const profileUnverified = "Your email address isn't verified yet. Please check your inbox (and spam) for the verification email.";
export const passwordUpdated = 'Password updated successfully';
export const passwordUpdateFailed = "Couldn't update your password. Please try again.";
export const detailsUpdated = 'Your details are saved.';
export const detailsUpdateFailed = "Couldn't save your details. Please try again.";
export const sessionAlreadyEnded = 'That session has already ended.';
export const otherSessionsEnded = 'You are signed out of every other device.';
export const currentPasswordWrong = 'Your current password is incorrect.';
export const missingAccount = 'Could not determine your account. Please sign in again.';
export const notProvided = 'Not provided';

// Hardening: hostile input and oversized requests
export const invalidCharacters =
  'The request contains characters we cannot accept (such as control characters). Please remove them and try again.';
export const requestTooLarge = 'The request is too large.';
export const unsupportedMediaType = 'Send the request as application/json.';

// Accounts: common passwords, verification links.
export const passwordTooCommon = 'This password is too common and easy to guess. Please choose a different one.';
export const verificationResent =
  'If an account with that email is waiting for verification, we have sent a new link. Please check your inbox.';

// Billing: money under attack (one purchase at a time, card-testing limits, safe text)
export const paymentAlreadyInFlight =
  'Another payment for your account is being processed. Please wait for it to finish before trying again.';
export const cardAttemptsLimited = 'Too many declined card attempts. Please wait before trying again, or contact support.';

// Health history
export const healthListTooLong = (max: number) => `Please list at most ${max} entries.`;
export const surgeryYear = (earliest: number, latest: number) => `Please enter a year between ${earliest} and ${latest}.`;
export const allergiesOrNone = 'Remove the listed allergies, or untick "No known allergies".';
export const healthHistorySaved = 'Your health history was saved.';
export const healthHistorySaveFailed = "We couldn't save your health history. Please try again.";
export const healthHistoryLoadFailed = 'We could not load your health history. Please try again.';
export const healthHistoryNotFilled = 'Not filled in yet';

// A member's own cancellation and plan change (the membership card).
export const cancelOneTimeVisit = 'A one-time visit is not a membership: there is nothing to cancel, and nothing will be charged again.';
export const cancelNeedsActiveMembership = 'Only an active monthly membership can be cancelled.';
export const alreadyCancelled = 'Your membership is already cancelled. You can keep it from your profile until it ends.';
export const nothingToUndo = 'Your membership has no cancellation to undo.';
export const cancellationTookEffect =
  'This cancellation has already taken effect: the membership has ended. Choose a plan to start a new one.';
export const cancellationRecorded = 'Your cancellation is recorded. We sent you a confirmation by e-mail.';
export const cancellationUndone = 'Your membership continues. Nothing about your renewals has changed.';
export const planChangeNeedsActiveMembership = 'Only an active monthly membership can change plan.';
export const planChangeWhileCancelled = 'Your membership is cancelled. Keep your membership first, then change its plan.';
export const planChangeSamePlan = 'That is already your plan. Choose the other plan to change.';
export const planChangeScheduled = 'Your plan change is scheduled for your next billing cycle.';
export const noPlanChange = 'There is no plan change to cancel.';
export const planChangeCancelled = 'Your plan change is cancelled. Your current plan continues.';
export const renewalTermsOutdated = 'The renewal terms changed while you were paying. Please reload the page, read them and try again.';
