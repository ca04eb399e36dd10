import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { sandboxGatewayCharges, type SandboxResult } from '../../db/schema';

export type SandboxCharge = typeof sandboxGatewayCharges.$inferSelect;

/** Records the answer for a key unless one exists; returns the row that holds for the key. */
export async function recordSandboxCharge(db: Executor, idempotencyKey: string, result: SandboxResult, amountCents: number): Promise<SandboxCharge> {
  const [created] = await db.insert(sandboxGatewayCharges).values({ idempotencyKey, result, amountCents }).onConflictDoNothing().returning();
  return created ?? (await findSandboxCharge(db, idempotencyKey))!;
}

export async function findSandboxCharge(db: Executor, idempotencyKey: string): Promise<SandboxCharge | null> {
  const [row] = await db.select().from(sandboxGatewayCharges).where(eq(sandboxGatewayCharges.idempotencyKey, idempotencyKey));
  return row ?? null;
}

/** Voids the key's charge, or reserves the key as voided so that it never charges. */
export async function voidSandboxKey(db: Executor, idempotencyKey: string) {
  await db
    .insert(sandboxGatewayCharges)
    .values({ idempotencyKey, result: { ok: false, code: 'processing_error' }, amountCents: 0, voidedAt: new Date() })
    .onConflictDoUpdate({ target: sandboxGatewayCharges.idempotencyKey, set: { voidedAt: sql`coalesce(${sandboxGatewayCharges.voidedAt}, now())` } });
}
