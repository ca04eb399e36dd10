import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { memberships } from '../../db/schema';

/** The gateway's token of the card renewals charge from now on. */
export async function replaceGatewayToken(tx: Executor, userId: string, gatewayToken: string) {
  await tx
    .update(memberships)
    .set({ gatewayToken, updatedAt: sql`now()` })
    .where(eq(memberships.userId, userId));
}
