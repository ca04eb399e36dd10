// Messages any page can show: failed requests, the sign-in guard, the country check, a failed
// route. They are the only ones the public pages' first script carries.

export const plansLoadFailed = 'We could not load the membership plans. Please try again.';

// Server answers
export const badRequest = 'Bad request. Please check your input and try again.';
export const invalidCredentials = 'Invalid credentials. Please check your email and password.';
export const authFailed = 'Authentication failed. Please check your credentials.';
export const accessDenied = 'Access denied. You do not have permission to perform this action.';
export const notFound = 'The requested resource was not found.';
export const serverError = 'Internal Server Error. Please try again later.';
export const genericError = 'An error occurred. Please try again.';
export const networkError = 'Network error. Please try again.';
export const requestTimedOut = 'The server took too long to answer. Please try again.';

export const guardVerifyFirst = 'Please verify your email before signing in.';

export const geoChecking = 'Checking access...';
export const geoBlockedTitle = 'Service available in the United States only';
export const geoBlockedText =
  'Our doctors are licensed to care for patients located in the United States, so our website and virtual visits are available only from within the US.';
export const geoBlockedHelp =
  'If you are in the United States and see this page (for example while using a VPN), turn the VPN off and reload, or contact us:';

export const routeErrorHeading = 'Unexpected Application Error!';
export const chunkLoadFailed = 'Loading chunk failed';
