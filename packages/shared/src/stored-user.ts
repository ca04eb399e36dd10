import type { UserProfile } from './api';

/**
 * The user as the web app keeps it in the browser's storage under authUser (docs/product.md, Data), and
 * as the browser tests write it there for a signed-in person. Never a password.
 */
export interface StoredUser {
  id?: string;
  email?: string;
  firstName?: string;
  lastName?: string;
  verified?: boolean;
  emailVerificationStat?: string;
  planId?: string | null;
  subscriptionPlan?: string | null;
  /** As the server's last answer about the account gave them (sign-in, the profile); the server checks them itself on every call. */
  roles?: string[];
  /** Older sessions kept the token inside the user. */
  token?: string;
  accessToken?: string;
}

/** The fields of a profile worth keeping for the session; nothing else goes to storage. */
export function toStoredUser(profile: Partial<UserProfile> & { email: string }): StoredUser {
  const user: StoredUser = {
    id: profile.id,
    email: profile.email,
    firstName: profile.firstName,
    lastName: profile.lastName,
    verified: profile.verified,
    emailVerificationStat: profile.emailVerificationStat,
    planId: profile.planId ?? profile.subscriptionPlan ?? null,
    subscriptionPlan: profile.subscriptionPlan ?? profile.planId ?? null,
    roles: profile.roles,
  };
  return Object.fromEntries(Object.entries(user).filter(([, value]) => value !== undefined));
}
