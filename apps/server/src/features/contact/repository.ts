import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { EnquiryStatus } from '@app/shared';
import type { Executor } from '../../db/client';
import { enquiries, enquiryReplies, users } from '../../db/schema';

export async function insertEnquiry(db: Executor, enquiry: typeof enquiries.$inferInsert) {
  const [row] = await db.insert(enquiries).values(enquiry).returning({ id: enquiries.id });
  return row!.id;
}

/** A page of enquiries, newest first, without their sealed message or phone. */
export function pageOfEnquiries(db: Executor, status: EnquiryStatus | undefined, offset: number, limit: number) {
  return db
    .select({
      id: enquiries.id,
      fullName: enquiries.fullName,
      email: enquiries.email,
      status: enquiries.status,
      createdAt: enquiries.createdAt,
    })
    .from(enquiries)
    .where(status ? eq(enquiries.status, status) : undefined)
    .orderBy(desc(enquiries.createdAt), desc(enquiries.id))
    .offset(offset)
    .limit(limit);
}

/** How many enquiries each status holds. */
export async function countEnquiriesByStatus(db: Executor): Promise<Record<EnquiryStatus, number>> {
  const rows = await db.select({ status: enquiries.status, total: count() }).from(enquiries).groupBy(enquiries.status);
  const counts = { new: 0, answered: 0, closed: 0 };
  for (const row of rows) counts[row.status] = row.total;
  return counts;
}

/** One enquiry, locked until the transaction ends when `lock` is set (a reply and a status change take turns). */
export async function findEnquiry(db: Executor, id: string, lock = false) {
  const query = db.select().from(enquiries).where(eq(enquiries.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** An enquiry's replies, oldest first, with their author's current e-mail. */
export function repliesOf(db: Executor, enquiryId: string) {
  return db
    .select({ id: enquiryReplies.id, body: enquiryReplies.body, authorEmail: users.email, createdAt: enquiryReplies.createdAt })
    .from(enquiryReplies)
    .leftJoin(users, eq(users.id, enquiryReplies.authorUserId))
    .where(eq(enquiryReplies.enquiryId, enquiryId))
    .orderBy(asc(enquiryReplies.createdAt), asc(enquiryReplies.id));
}

export async function insertEnquiryReply(db: Executor, reply: typeof enquiryReplies.$inferInsert) {
  await db.insert(enquiryReplies).values(reply);
}

export async function setEnquiryStatus(db: Executor, id: string, status: EnquiryStatus) {
  await db
    .update(enquiries)
    .set({ status })
    .where(and(eq(enquiries.id, id), sql`${enquiries.status} <> ${status}`));
}
