import { eq, sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/client';
import { sandboxGatewayCharges, type SandboxResult } from '../../db/schema';

export type SandboxCharge = typeof sandboxGatewayCharges.$inferSelect;

/** What the sandbox answers from: the recorded result and whether the key was voided. */
export type SandboxRecord = Pick<SandboxCharge, 'result' | 'voidedAt'>;

export interface NewSandboxCharge {
  idempotencyKey: string;
  result: SandboxResult;
  amountCents: number;
}

/**
 * Records each key's answer unless the key has one, in one statement; returns the record that holds
 * for every key (the new one, or the one recorded before). A key given twice keeps its first answer.
 */
export async function recordSandboxCharges(db: Executor, charges: readonly NewSandboxCharge[]): Promise<Map<string, SandboxRecord>> {
  const keys = charges.map((c) => c.idempotencyKey);
  const rows = await queryRows<{ key: string; result: SandboxResult; voidedAt: Date | string | null }>(
    db,
    sql`WITH added AS (
        INSERT INTO sandbox_gateway_charges (idempotency_key, result, amount_cents)
        SELECT * FROM unnest(${sql.param(keys)}::text[], ${sql.param(charges.map((c) => JSON.stringify(c.result)))}::jsonb[], ${sql.param(charges.map((c) => c.amountCents))}::integer[])
        ON CONFLICT DO NOTHING
        RETURNING idempotency_key, result, voided_at)
      SELECT idempotency_key AS key, result, voided_at AS "voidedAt" FROM added
      UNION ALL
      SELECT idempotency_key, result, voided_at FROM sandbox_gateway_charges
      WHERE idempotency_key = ANY(${sql.param(keys)}::text[]) AND idempotency_key NOT IN (SELECT idempotency_key FROM added)`,
  );
  return new Map(rows.map((row) => [row.key, { result: row.result, voidedAt: row.voidedAt === null ? null : new Date(row.voidedAt) }]));
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
    .onConflictDoUpdate({
      target: sandboxGatewayCharges.idempotencyKey,
      set: { voidedAt: sql`coalesce(${sandboxGatewayCharges.voidedAt}, now())` },
    });
}
