import type { Executor } from '../../db/client';
import { enquiries } from '../../db/schema';

export async function insertEnquiry(db: Executor, enquiry: typeof enquiries.$inferInsert) {
  const [row] = await db.insert(enquiries).values(enquiry).returning({ id: enquiries.id });
  return row!.id;
}
