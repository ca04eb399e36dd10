import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { clinicians, users } from '../../db/schema';

export type ClinicianRow = typeof clinicians.$inferSelect;
type NewClinician = typeof clinicians.$inferInsert;

/** A clinician's row with the account's name and e-mail: what every answer about a clinician shows. */
export type ClinicianWithAccount = ClinicianRow & { email: string; firstName: string; lastName: string };

const withAccount = {
  userId: clinicians.userId,
  credentials: clinicians.credentials,
  npi: clinicians.npi,
  states: clinicians.states,
  onDuty: clinicians.onDuty,
  disabledAt: clinicians.disabledAt,
  createdAt: clinicians.createdAt,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
};

/** Every clinician, by last name then first. A few hundred at most: the list is not paged. */
export async function listClinicians(db: Executor): Promise<ClinicianWithAccount[]> {
  return db
    .select(withAccount)
    .from(clinicians)
    .innerJoin(users, eq(users.id, clinicians.userId))
    .orderBy(asc(users.lastName), asc(users.firstName), asc(clinicians.userId));
}

/** The clinician with this account id, locked until the transaction ends when `lock` is set. */
export async function findClinician(db: Executor, userId: string, lock = false): Promise<ClinicianWithAccount | undefined> {
  const query = db
    .select(withAccount)
    .from(clinicians)
    .innerJoin(users, eq(users.id, clinicians.userId))
    .where(eq(clinicians.userId, userId));
  const [row] = lock ? await query.for('update', { of: clinicians }) : await query;
  return row;
}

export async function insertClinician(db: Executor, clinician: NewClinician): Promise<ClinicianRow> {
  const [row] = await db.insert(clinicians).values(clinician).returning();
  return row!;
}

export async function updateClinician(db: Executor, userId: string, changes: Partial<NewClinician>): Promise<ClinicianRow> {
  const [row] = await db.update(clinicians).set(changes).where(eq(clinicians.userId, userId)).returning();
  return row!;
}

export async function findClinicianByNpi(db: Executor, npi: string): Promise<ClinicianRow | undefined> {
  const [row] = await db.select().from(clinicians).where(eq(clinicians.npi, npi));
  return row;
}
