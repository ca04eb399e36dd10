import { sql, type AnyColumn } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { ConfigError } from '../config';
import { sealedKeyId, type PhiKeyring } from '../lib/phi-cipher';
import { queryRows, type Executor } from './client';
import {
  auditLog,
  enquiries,
  enquiryReplies,
  healthHistoryVersions,
  householdMembers,
  idempotencyKeys,
  mailOutbox,
  payments,
  smsOutbox,
  users,
  visitAddenda,
  visitMessages,
  visitNotes,
  visitReleases,
  visits,
} from './schema';

/**
 * Every column of the phiText type (decision 016 lists and explains them). The audit trail's details
 * are never rewritten (decision 048): they stay sealed under the key current when written.
 */
const sealedColumns: { table: PgTable; columns: AnyColumn[]; appendOnly?: true }[] = [
  {
    table: users,
    columns: [
      users.customerPhone,
      users.dob,
      users.zip,
      users.symptoms,
      users.billingStreet,
      users.billingCity,
      users.billingState,
      users.billingZip,
      users.billingCountry,
    ],
  },
  { table: enquiries, columns: [enquiries.phone, enquiries.message] },
  { table: enquiryReplies, columns: [enquiryReplies.body] },
  { table: mailOutbox, columns: [mailOutbox.letter, mailOutbox.textBody, mailOutbox.htmlBody] },
  { table: smsOutbox, columns: [smsOutbox.recipient] },
  { table: idempotencyKeys, columns: [idempotencyKeys.responseBody] },
  { table: payments, columns: [payments.details] },
  { table: healthHistoryVersions, columns: [healthHistoryVersions.history] },
  { table: householdMembers, columns: [householdMembers.sex] },
  { table: visits, columns: [visits.symptoms, visits.callbackPhone, visits.cancelReason] },
  { table: visitNotes, columns: [visitNotes.note, visitNotes.pharmacy] },
  { table: visitAddenda, columns: [visitAddenda.text] },
  { table: visitMessages, columns: [visitMessages.text] },
  { table: visitReleases, columns: [visitReleases.reason] },
  { table: auditLog, columns: [auditLog.details], appendOnly: true },
];

const SEALED = '^v1:[A-Za-z0-9_-]+:[A-Za-z0-9_-]+:[A-Za-z0-9_-]+$';
const BATCH = 500;

/**
 * Stops when health data is sealed under a key the keyring lacks: starting anyway would serve
 * errors (or, with a lenient reader, garbage) on every read of those rows.
 */
export async function assertPhiKeysKnown(db: Executor, keyring: PhiKeyring): Promise<void> {
  const known = sql.join(
    keyring.keyIds.map((id) => sql`${id}`),
    sql`, `,
  );
  for (const { table, columns } of sealedColumns) {
    for (const column of columns) {
      const [row] = await queryRows<{ value: string }>(
        db,
        sql`SELECT ${column} AS value FROM ${table} WHERE ${column} ~ ${SEALED} AND split_part(${column}, ':', 2) NOT IN (${known}) LIMIT 1`,
      );
      if (row) {
        throw new ConfigError(
          `Invalid configuration:\n  PHI_KEY: health data in ${column.name} is sealed with key id ${sealedKeyId(row.value)}, which is neither PHI_KEY (key id ${keyring.currentKeyId}) nor in PHI_OLD_KEYS: start with the key the data was written with`,
        );
      }
    }
  }
}

/** The ids of the keys health data is sealed under, each once (a backup records them). */
export async function sealedKeyIds(db: Executor): Promise<string[]> {
  const ids = new Set<string>();
  for (const { table, columns } of sealedColumns) {
    for (const column of columns) {
      const rows = await queryRows<{ id: string }>(
        db,
        sql`SELECT DISTINCT split_part(${column}, ':', 2) AS id FROM ${table} WHERE ${column} ~ ${SEALED}`,
      );
      for (const { id } of rows) ids.add(id);
    }
  }
  return [...ids].sort();
}

/**
 * Seals, under the current key, every value that is not yet: with `rotate`, every value sealed
 * under an older key too. Idempotent, and safe beside a running server or another instance doing
 * the same: a row is only rewritten while it still holds the value that was read.
 * Returns how many values it rewrote.
 */
export async function sealPhiColumns(db: Executor, keyring: PhiKeyring, mode: 'plain' | 'rotate'): Promise<number> {
  const pending = mode === 'plain' ? SEALED : `^v1:${keyring.currentKeyId}:`;
  let rewritten = 0;
  for (const { table, columns, appendOnly } of sealedColumns) {
    if (appendOnly) continue;
    for (const column of columns) {
      for (;;) {
        // ctid names the row whatever the table's key; the value guard below makes a stale one harmless.
        const rows = await queryRows<{ row: string; value: string }>(
          db,
          sql`SELECT ctid::text AS row, ${column} AS value FROM ${table} WHERE ${column} IS NOT NULL AND ${column} !~ ${pending} LIMIT ${BATCH}`,
        );
        for (const row of rows) {
          const plain = sealedKeyId(row.value) === null ? row.value : keyring.open(row.value);
          // Raw SQL on purpose: the column type would seal the compared value again.
          await db.execute(
            sql`UPDATE ${table} SET ${sql.identifier(column.name)} = ${keyring.seal(plain)} WHERE ctid = ${row.row}::tid AND ${column} = ${row.value}`,
          );
        }
        rewritten += rows.length;
        if (rows.length < BATCH) break;
      }
    }
  }
  return rewritten;
}
