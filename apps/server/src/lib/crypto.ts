import { createHash, randomBytes } from 'node:crypto';
import argon2 from 'argon2';

/** argon2id with OWASP's minimum: 19 MiB, 2 passes, 1 lane. */
const ARGON2_OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => argon2.hash(password, ARGON2_OPTIONS);

/** How many argon2 verifications this process has run: tests and the bench prove limits act before them. */
export const passwordChecks = { count: 0 };

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  passwordChecks.count += 1;
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

// Verified against when the e-mail is unknown, so an unknown e-mail costs the same time as a wrong password.
let dummyHash: Promise<string> | null = null;
export async function burnPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
  await verifyPassword(await dummyHash, password);
}

/** 256 random bits, URL-safe. */
export const randomToken = () => randomBytes(32).toString('base64url');
export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
