import type { ClinicianCredential } from '@app/shared';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/client';

/** A paid ledger row as its receipt needs it: the payment, its patient's name, and a visit's clinician. */
export interface ReceiptRow {
  id: string;
  userId: string;
  kind: string;
  planId: string;
  amountCents: number;
  cardBrand: string | null;
  cardLast4: string | null;
  periodStart: Date | null;
  refundOf: string | null;
  createdAt: Date;
  firstName: string;
  lastName: string;
  /** The clinician of the visit this payment (or the payment it refunds) paid for, once claimed. */
  clinician: { firstName: string; lastName: string; credentials: ClinicianCredential; npi: string } | null;
}

type RawReceiptRow = Omit<ReceiptRow, 'periodStart' | 'createdAt'> & { periodStart: Date | string | null; createdAt: Date | string };

/** Succeeded ledger rows matching `where`, oldest first, with what a receipt shows of them. */
async function paidRows(db: Executor, where: SQL): Promise<ReceiptRow[]> {
  const rows = await queryRows<RawReceiptRow>(
    db,
    sql`SELECT p.id, p.user_id AS "userId", p.kind, p.plan_id AS "planId", p.amount_cents AS "amountCents",
        p.card_brand AS "cardBrand", p.card_last4 AS "cardLast4", p.period_start AS "periodStart", p.refund_of AS "refundOf",
        p.created_at AS "createdAt", u.first_name AS "firstName", u.last_name AS "lastName",
        (SELECT json_build_object('firstName', cu.first_name, 'lastName', cu.last_name, 'credentials', c.credentials, 'npi', c.npi)
          FROM visits v JOIN clinicians c ON c.user_id = v.clinician_id JOIN users cu ON cu.id = c.user_id
          WHERE v.payment_id = coalesce(p.refund_of, p.id) AND v.status <> 'cancelled' LIMIT 1) AS clinician
      FROM payments p JOIN users u ON u.id = p.user_id
      WHERE p.status = 'succeeded' AND ${where}
      ORDER BY p.created_at, p.id`,
  );
  // Raw queries bring instants back as Date (node-postgres) or text (PGlite under drizzle).
  return rows.map((row) => ({
    ...row,
    periodStart: row.periodStart === null ? null : new Date(row.periodStart),
    createdAt: new Date(row.createdAt),
  }));
}

/** One paid ledger row, of this patient when `userId` is given (another patient's payment does not exist for them), or null. */
export async function findPaidPayment(db: Executor, paymentId: string, userId?: string): Promise<ReceiptRow | null> {
  const [row] = await paidRows(db, userId === undefined ? sql`p.id = ${paymentId}` : sql`p.id = ${paymentId} AND p.user_id = ${userId}`);
  return row ?? null;
}

/** The patient's paid ledger rows (refunds included) of a US Central calendar year. */
export async function listPaidPaymentsOfYear(db: Executor, userId: string, year: number): Promise<ReceiptRow[]> {
  return paidRows(
    db,
    sql`p.user_id = ${userId} AND p.created_at >= make_timestamptz(${year}::int, 1, 1, 0, 0, 0, 'America/Chicago')
      AND p.created_at < make_timestamptz(${year + 1}::int, 1, 1, 0, 0, 0, 'America/Chicago')`,
  );
}
