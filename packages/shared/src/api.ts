import { messages } from './messages';
import type { SubscriptionStatus } from './membership';
import type { PlanId } from './plans';

/** The user as the API returns it to its owner (GET /api/users/me, login, verification). */
export interface UserProfile {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  fullName: string;
  customerPhone: string | null;
  dob: string | null;
  zip: string | null;
  symptoms: string | null;
  customerId: string;
  roles: string[];
  verified: boolean;
  emailVerificationStat: 'verified' | 'unverified';
  subscriptionPlan: PlanId | null;
  planId: PlanId | null;
  subscriptionStatus: SubscriptionStatus | null;
  subscriptionAmount: number | null;
  smsPolicyAccepted: boolean;
  submittedAt: string | null;
  methodOfSubscription: string | null;
  /** Subscription dates are ISO 8601 in US Central time with offset. */
  subscriptionStartDate: string | null;
  nextSubscriptionRenewDate: string | null;
  subscriptionEndDate: string | null;
  subscriptionCancelledDate: string | null;
  billingAddress: { street: string; city: string; state: string; zip: string; country: string } | null;
  cardDetails: { cardholderName: string | null; last4: string; expiry: string | null; brand: string | null } | null;
}

export interface LoginResponse {
  status: 'ok' | 'unverified' | 'magic_link_sent';
  verified: boolean;
  message: string;
  token?: string;
  user?: UserProfile;
  notVerifiedMessage?: string;
}

/** GET /api/users/verify-email?token=…: whether the link can still be confirmed; the GET never spends it. */
export type VerifyEmailTokenStatus = { usable: true } | { usable: false; message: string };

export const isAdminRole = (role: string) => role.toLowerCase() === 'role_admin' || role.toLowerCase() === 'admin';

/** Maps the many ways the old API said "verified" to a boolean, or null when nothing says. */
export function readVerification(source: Record<string, unknown>): boolean | null {
  for (const key of ['verified', 'emailVerified', 'isEmailVerified']) {
    if (typeof source[key] === 'boolean') return source[key];
  }
  for (const key of ['emailVerificationStat', 'emailVerificationStatus', 'verificationStatus']) {
    const text = source[key];
    if (typeof text !== 'string') continue;
    const value = text.trim().toLowerCase();
    if (['verified', 'complete', 'true', 'yes', '1'].includes(value)) return true;
    if (['unverified', 'pending', 'false', '0', 'no', 'incomplete'].includes(value)) return false;
  }
  return null;
}

/** Status defaults (docs/product.md, Messages), used when the answer carries no message of its own. */
export function statusDefaultMessage(status: number, context: 'login' | 'default' = 'default'): string {
  switch (status) {
    case 400:
      return context === 'login' ? messages.invalidCredentials : messages.badRequest;
    case 401:
      return messages.authFailed;
    case 403:
      return messages.accessDenied;
    case 404:
      return messages.notFound;
    case 500:
      return messages.serverError;
    default:
      return messages.genericError;
  }
}

/**
 * The shared message choice (docs/product.md, Messages): the body as a string, else its message, error or detail,
 * else the joined errors list or map, else the raw text.
 */
export function messageFromBody(body: unknown, rawText?: string): string | null {
  if (typeof body === 'string' && body.trim()) return body.trim();
  if (body && typeof body === 'object') {
    const record = body as Record<string, unknown>;
    for (const key of ['message', 'error', 'detail']) {
      const value = record[key];
      if (typeof value === 'string' && value.trim()) return value.trim();
    }
    const errors = record.errors;
    if (Array.isArray(errors) && errors.length) return errors.map(String).join(' ');
    if (errors && typeof errors === 'object') {
      const values = Object.values(errors).map(String);
      if (values.length) return values.join(' ');
    }
  }
  return rawText?.trim() ? rawText.trim() : null;
}

/** First message per field, for showing a zod result next to each input. */
export function fieldErrors(error: {
  issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>;
}): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.') || '_';
    out[key] ??= issue.message;
  }
  return out;
}
