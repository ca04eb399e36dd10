import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { captchaTokens } from '../../db/schema';

/**
 * Records a token the first time it is seen, as verified or already consumed. False when it was
 * seen before: the insert is atomic, so of two requests with one token only one gets true.
 */
export async function recordCaptchaToken(db: Executor, tokenHash: string, expiresAt: Date, consumed: boolean): Promise<boolean> {
  const now = new Date();
  const rows = await db
    .insert(captchaTokens)
    .values({ tokenHash, verifiedAt: now, consumedAt: consumed ? now : null, expiresAt })
    .onConflictDoNothing()
    .returning({ tokenHash: captchaTokens.tokenHash });
  return rows.length > 0;
}

/** Consumes a verified, unexpired token; false when there is none or another request consumed it. */
export async function consumeVerifiedCaptchaToken(db: Executor, tokenHash: string): Promise<boolean> {
  const now = new Date();
  const rows = await db
    .update(captchaTokens)
    .set({ consumedAt: now })
    .where(and(eq(captchaTokens.tokenHash, tokenHash), isNull(captchaTokens.consumedAt), gt(captchaTokens.expiresAt, now)))
    .returning({ tokenHash: captchaTokens.tokenHash });
  return rows.length > 0;
}

export async function deleteCaptchaTokensExpiredBefore(db: Executor, before: Date): Promise<void> {
  await db.delete(captchaTokens).where(lt(captchaTokens.expiresAt, before));
}
