import { and, eq, gt, isNotNull, isNull, lt, or } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { oneTimeTokens } from '../../db/schema';
import { randomToken, sha256 } from '../../lib/crypto';

export type TokenPurpose = 'verify-email' | 'reset-password' | 'admin-login' | 'clinician-invite' | 'admin-invite' | 'change-email';

const TOKEN_LIFETIME_MS: Record<TokenPurpose, number> = {
  'verify-email': 24 * 60 * 60_000,
  'reset-password': 60 * 60_000,
  'admin-login': 15 * 60_000,
  'clinician-invite': 7 * 24 * 60 * 60_000,
  'admin-invite': 7 * 24 * 60 * 60_000,
  'change-email': 24 * 60 * 60_000,
};

/**
 * Issues a single-use token and returns it; only its hash is stored. Issuing a new one cancels the
 * user's older tokens of the same purpose. An e-mail change's token carries the address it confirms.
 */
export async function issueToken(db: Executor, userId: string, purpose: TokenPurpose, newEmail?: string): Promise<string> {
  const token = randomToken();
  await db
    .delete(oneTimeTokens)
    .where(and(eq(oneTimeTokens.userId, userId), eq(oneTimeTokens.purpose, purpose), isNull(oneTimeTokens.usedAt)));
  await db.insert(oneTimeTokens).values({
    userId,
    purpose,
    tokenHash: sha256(token),
    expiresAt: new Date(Date.now() + TOKEN_LIFETIME_MS[purpose]),
    newEmail: newEmail ?? null,
  });
  return token;
}

/** This token, for this purpose, not used and not expired. */
const usable = (token: string, purpose: TokenPurpose) =>
  and(
    eq(oneTimeTokens.tokenHash, sha256(token)),
    eq(oneTimeTokens.purpose, purpose),
    isNull(oneTimeTokens.usedAt),
    gt(oneTimeTokens.expiresAt, new Date()),
  );

/** Uses a token up in one statement, so two requests racing with one token cannot both win. */
export async function consumeToken(db: Executor, token: string, purpose: TokenPurpose): Promise<string | null> {
  const [row] = await db
    .update(oneTimeTokens)
    .set({ usedAt: new Date() })
    .where(usable(token, purpose))
    .returning({ userId: oneTimeTokens.userId });
  return row?.userId ?? null;
}

/** Uses up an e-mail change's token, as consumeToken does: its user and the address it confirms. */
export async function consumeEmailChangeToken(db: Executor, token: string): Promise<{ userId: string; newEmail: string } | null> {
  const [row] = await db
    .update(oneTimeTokens)
    .set({ usedAt: new Date() })
    .where(usable(token, 'change-email'))
    .returning({ userId: oneTimeTokens.userId, newEmail: oneTimeTokens.newEmail });
  return row?.newEmail ? { userId: row.userId, newEmail: row.newEmail } : null;
}

/** Whether a token could still be used, without using it (the admin link screen opens without spending it). */
export async function isTokenUsable(db: Executor, token: string, purpose: TokenPurpose): Promise<boolean> {
  const [row] = await db.select({ id: oneTimeTokens.id }).from(oneTimeTokens).where(usable(token, purpose));
  return Boolean(row);
}

/** Deletes the user's tokens not used yet, of every purpose: links mailed to an address the account no longer has. */
export async function deleteUnusedTokens(db: Executor, userId: string) {
  await db.delete(oneTimeTokens).where(and(eq(oneTimeTokens.userId, userId), isNull(oneTimeTokens.usedAt)));
}

/** Deletes tokens that can no longer be used (used, or expired by `now`); returns how many. */
export async function deleteSpentTokens(db: Executor, now: Date): Promise<number> {
  const rows = await db
    .delete(oneTimeTokens)
    .where(or(isNotNull(oneTimeTokens.usedAt), lt(oneTimeTokens.expiresAt, now)))
    .returning({ id: oneTimeTokens.id });
  return rows.length;
}
