/**
 * Every user-facing message of the spec, written once. Forms, routes and tests import from here,
 * so a message can only change in one place.
 */
export const EXAMPLE_EMAIL = 'name@example.com';

export const messages = {
  required: 'This field is required.',
  email: `Please enter a valid email address (${EXAMPLE_EMAIL}).`,
  phone: 'Phone number must contain exactly 10 digits.',
  password: 'Password must be at least 8 characters and include uppercase, lowercase, number, and special character.',
  passwordTooLong: 'Password must be at most 128 characters.',
  passwordsDoNotMatch: 'Passwords do not match.',
  dobRequired: 'Please enter your date of birth.',
  dobInvalid: 'Please enter a valid date.',
  dobFuture: "Date of birth can't be in the future.",
  dobTooYoung: 'You must be at least 18 years old to sign up.',
  zipRequired: 'Please enter your ZIP code.',
  zipTooLong: 'ZIP code must be at most 10 characters.',
  planRequired: 'Please select a membership plan.',
  smsTerms: 'Please accept the SMS terms to proceed.',
  smsConsent:
    'I agree to receive SMS messages about my account and appointments. Msg & data rates may apply. Reply STOP to opt out, HELP for help.',
  tooLong: (max: number) => `Must be at most ${max} characters.`,

  enquiryNameRequired: 'Please enter your full name.',
  enquiryNameShort: 'Name looks too short.',
  enquiryMessageRequired: 'Please enter a short message.',
  enquiryMessageShort: 'Message is too short.',

  enquirySuccess: "Thanks — your enquiry has been sent. We'll contact you shortly.",
  enquiryFailedStatus: (status: number, message?: string) =>
    message ? `Send failed (${status}): ${message}` : `We couldn't send your enquiry (${status}). Please try again.`,
  enquirySupportHint: (supportEmail: string) => `If the issue persists, contact ${supportEmail}.`,
  enquiryRateLimited: 'You have sent several enquiries in the last hour. Please wait a little or call us.',

  loginBothRequired: 'Please fill in both email and password fields.',
  loginEmail: 'Please enter a valid email address.',
  captchaRequired: 'Please verify you are not a robot.',

  forgotEmpty: 'Please enter your email to reset your password.',
  /** Also the checkout's e-mail message: the spec uses the same words. */
  forgotInvalid: 'Enter a valid email address.',
  resetTokenRequired: 'Reset token is required. Please paste the link or the token from your email.',
  currentPasswordRequired: 'Please enter your current password.',

  paymentPhone: 'Enter a valid phone number.',
  expiryMonth: 'Month must be between 01 and 12.',
  cardExpired: 'Card has expired.',
  expiryFormat: 'Use MM/YY format.',
  cardNumberLength: 'Card number must be 13-19 digits.',
  cardNumberInvalid: 'Card number is invalid.',
  cvcLength: (digits: number) => `CVC must be ${digits} digits.`,
  fieldRequired: (label: string) => `${label} is required.`,

  paymentVerifyAccount: 'We could not verify your account. Please return to your profile and try again.',
  paymentUnavailable: 'Unable to process your payment right now. Please try again.',
  paymentSuccess: 'Payment processed successfully. Your subscription is active.',
  paymentVerifyEmailFirst: 'Please verify your email address before paying for a membership.',
  paymentAlreadyActive: 'Your membership is already active. To change it, please contact support.',
  idempotencyKeyRequired: 'Each payment request needs an Idempotency-Key header.',
  idempotencyKeyReused: 'This payment request was already used for a different payment. Please reload the page and try again.',
  paymentInProgress: 'This payment is still being processed. Please wait a moment before trying again.',
  declined: {
    card_declined: 'Your card was declined. Please use a different card or contact your bank.',
    insufficient_funds: 'Your card has insufficient funds. Please use a different card.',
    expired_card: 'Your card has expired. Please use a different card.',
    incorrect_cvc: "Your card's security code (CVC) is incorrect. Please check it and try again.",
    processing_error: 'We could not process your card right now. Please try again in a few minutes.',
  },
  planSaved: 'Your plan selection was saved.',
  planSaveFailed: 'Unable to save your plan selection right now. Please try again.',
  planChangeRefused:
    'You are not allowed to change the current plan while your membership is active. Please contact support by phone or e-mail to change it.',
  planNotedSignIn: 'Your plan choice is noted. Please sign in to continue.',
  notYourAccount: 'You can only change your own account.',

  doctorConnectIssue: (phone: string, email: string) =>
    `Connecting to a doctor is currently having issues. Please call us at ${phone} or e-mail ${email} and our care team will connect you right away.`,
  plansLoadFailed: 'We could not load the membership plans. Please try again.',
  paymentHistoryFailed: 'We could not load your payment history. Please try again.',
  paymentFixFields: 'Please check the highlighted fields and try again.',

  pickPlan: 'Please pick a plan to continue.',
  choosePlanBeforePayment: 'Please choose a plan before proceeding to payment.',

  // Server answers
  badRequest: 'Bad request. Please check your input and try again.',
  invalidCredentials: 'Invalid credentials. Please check your email and password.',
  authFailed: 'Authentication failed. Please check your credentials.',
  accessDenied: 'Access denied. You do not have permission to perform this action.',
  notFound: 'The requested resource was not found.',
  serverError: 'Internal Server Error. Please try again later.',
  genericError: 'An error occurred. Please try again.',
  networkError: 'Network error. Please try again.',
  requestTimedOut: 'The server took too long to answer. Please try again.',
  sessionExpired: 'Your session has ended. Please sign in again.',
  tooManyRequests: 'Too many attempts. Please wait a few minutes and try again.',
  tooManyLoginAttempts: 'Too many sign-in attempts. Please wait 15 minutes and try again, or reset your password.',
  malformedJson: 'The request body is not valid JSON.',
  unknownField: (field: string) => `Unknown field: ${field}.`,

  signupSuccess:
    'Thanks! We sent a verification email. Please check your inbox / junk / spam folder to confirm your account.',
  signupMailFailed: 'We saved your details but could not send the verification email right now.',
  signupRetryHint: 'You can submit again to retry sending the verification email.',
  signupInvalid: 'Signup failed: invalid data or account already exists.',
  signupDefault: "We couldn't process your signup right now. Please try again.",
  signupFrontendAnswered:
    'Signup failed: the request reached the website instead of the API server. Please try again later.',
  signupFailedStatus: (status: number, message?: string) =>
    message ? `Signup failed (${status}): ${message}` : `Signup failed (${status}). Please try again.`,
  requestError: (message: string) => `Request error: ${message}`,

  captchaFailed: 'Captcha verification failed. Please try again.',
  captchaCallError: 'Could not verify captcha. Please refresh and try again.',
  captchaInitFailed: 'Captcha failed to initialize. Please refresh and try again.',
  captchaIncomplete: 'Captcha could not be completed. Please refresh and try again.',
  captchaUnsupported: 'Captcha cannot run in this environment. Please try another browser.',

  loginFailed: 'Login failed. Please check your email and password.',
  loginManyFailures:
    "We've seen several unsuccessful sign-in attempts. Please double-check your email and password, use Forgot Password if needed, or contact support.",
  notVerified: 'Please verify your email before signing in. Check your inbox for the verification link.',
  magicLinkSent: 'We sent a magic sign-in link to your email. Open it within 15 minutes to finish signing in.',
  magicLinkInvalid: 'This sign-in link is invalid, expired or already used. Please sign in again to get a new link.',
  magicLinkVerified: 'Admin sign-in confirmed.',

  forgotSuccess: "If the email exists in our system, we'll send password reset instructions to that address.",
  forgotFailed: 'Failed to send password reset instructions. Please try again.',

  resetSuccess: 'Your password has been reset successfully. You can sign in now.',
  resetFailed: 'Unable to reset your password right now. Please try again.',
  resetTokenInvalid: 'This reset link is invalid or has expired. Please request a new one.',

  verifyMissingToken: 'Verification token is missing. Please open the link from your email again.',
  verifyOffline: 'You appear to be offline. Please reconnect and try again.',
  verifyNetwork: 'Network connection lost. Please check your connection and try again.',
  verifyDefault: 'Verification failed. Please try again.',
  verifySuccess: 'Your email has been verified. You can sign in now.',
  verifyTokenInvalid: 'This verification link is invalid or has expired. Sign up again to get a new link.',

  guardVerifyFirst: 'Please verify your email before signing in.',

  geoChecking: 'Checking access...',
  geoBlockedTitle: 'Service available in the United States only',
  geoBlockedText:
    'Our doctors are licensed to care for patients located in the United States, so our website and virtual visits are available only from within the US.',
  geoBlockedHelp: 'If you are in the United States and see this page (for example while using a VPN), turn the VPN off and reload, or contact us:',

  profileLoadFailed: 'Unable to load your profile. Please check your network connection and try again.',
  profileUnverified: "Your email address isn't verified yet. Please check your inbox (and spam) for the verification email.",
  passwordUpdated: 'Password updated successfully',
  passwordUpdateFailed: "Couldn't update your password. Please try again.",
  currentPasswordWrong: 'Your current password is incorrect.',
  missingAccount: 'Could not determine your account. Please sign in again.',
  notProvided: 'Not provided',

  routeErrorHeading: 'Unexpected Application Error!',
  chunkLoadFailed: 'Loading chunk failed',
} as const;
