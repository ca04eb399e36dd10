import type { UserProfile } from '@app/shared';
import { readItem, storageKeys, writeItem, type StorageKind } from '../../lib/storage';

/** Contact and health data (phone, ZIP, date of birth, address, symptoms) never go to browser storage. */
const CACHED_FIELDS = ['id', 'email', 'firstName', 'lastName', 'fullName', 'subscriptionPlan', 'subscriptionStatus', 'verified'] as const;

/**
 * Keeps a copy of the profile (docs/product.md, Data): the account's fields, the e-mail lower-cased, blank
 * values skipped; next to the session (persistent only with Remember Me). Also the last chosen plan.
 */
export function cacheProfile(profile: Partial<UserProfile>) {
  const kind: StorageKind = readItem('local', storageKeys.authUser) ? 'local' : 'session';
  const cache: Record<string, unknown> = {};
  for (const field of CACHED_FIELDS) {
    const value = profile[field];
    if (value === null || value === undefined) continue;
    if (typeof value === 'string' && !value.trim()) continue;
    cache[field] = field === 'email' && typeof value === 'string' ? value.trim().toLowerCase() : value;
  }
  writeItem(kind, storageKeys.profileCache, JSON.stringify(cache));
  const plan = profile.planId ?? profile.subscriptionPlan;
  if (plan) writeItem(kind, storageKeys.lastPlan, plan);
}
