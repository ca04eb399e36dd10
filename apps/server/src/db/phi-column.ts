import { customType } from 'drizzle-orm/pg-core';
import type { PhiKeyring } from '../lib/phi-cipher';

// Set once at start (buildApp, the rotation script). A column type has no other way to reach
// configuration, and this keeps every query in the repositories unchanged.
let keyring: PhiKeyring | null = null;

export function usePhiKeyring(next: PhiKeyring) {
  keyring = next;
}

function activeKeyring(): PhiKeyring {
  if (!keyring) throw new Error('health data read or written before the PHI keyring was configured');
  return keyring;
}

/** A text column of health data: sealed with AES-256-GCM on the way in, opened on the way out. */
export const phiText = customType<{ data: string; driverData: string }>({
  dataType: () => 'text',
  toDriver: (value) => activeKeyring().seal(value),
  fromDriver: (value) => activeKeyring().open(value),
});

/** A JSON value holding health or contact data, sealed like `phiText` (the column is text). */
export const phiJson = <T>(name: string) =>
  customType<{ data: T; driverData: string }>({
    dataType: () => 'text',
    toDriver: (value) => activeKeyring().seal(JSON.stringify(value)),
    fromDriver: (value) => JSON.parse(activeKeyring().open(value)) as T,
  })(name);

/** The keyed hash of a value under the current key (PhiKeyring.lookupHash), for a lookup column beside a sealed one. */
export const phiLookupHash = (value: string): string => activeKeyring().lookupHash(value);

/** The key id the lookup hashes written now start with; a hash under another key is stale. */
export const currentLookupKeyId = (): string => activeKeyring().currentKeyId;
