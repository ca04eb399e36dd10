import { formatPhone, messages, type EnquiryDetail, type EnquiryListQuery, type EnquiryPage, type EnquiryStatus } from '@app/shared';
import type { Database, Executor } from '../../db/client';
import { notFound } from '../../lib/errors';
import { recordAudit, recordReadOrRefuse, type AuditRequest } from '../audit';
import { queueMailToSend, type MailDelivery, type MailTemplates } from '../mail';
import { countEnquiriesByStatus, findEnquiry, insertEnquiryReply, pageOfEnquiries, repliesOf, setEnquiryStatus } from './repository';

const enquiryNotFound = () => notFound(messages.enquiryNotFound);
// An enquiry is no account: its rows in the trail name no subject, and carry the enquiry's id in their details.
const aboutEnquiry = (audit: AuditRequest): AuditRequest => ({ ...audit, subjectUserId: null });

/** The list: who wrote and when, never what (a message is opened one at a time); counts per status for the filter. */
export async function listEnquiries(db: Database, query: EnquiryListQuery): Promise<EnquiryPage> {
  return db.transaction(
    async (tx) => {
      const counts = await countEnquiriesByStatus(tx);
      const total = query.status ? counts[query.status] : counts.new + counts.answered + counts.closed;
      const rows = await pageOfEnquiries(tx, query.status, query.page * query.size, query.size);
      return {
        content: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
        totalPages: Math.ceil(total / query.size),
        totalElements: total,
        counts,
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

async function detailOf(db: Executor, id: string): Promise<EnquiryDetail> {
  const enquiry = await findEnquiry(db, id);
  if (!enquiry) throw enquiryNotFound();
  const replies = await repliesOf(db, id);
  return {
    id: enquiry.id,
    fullName: enquiry.fullName,
    email: enquiry.email,
    status: enquiry.status,
    createdAt: enquiry.createdAt.toISOString(),
    phone: formatPhone(enquiry.phone),
    message: enquiry.message,
    location: [enquiry.customerState, enquiry.customerCountry].filter(Boolean).join(', ') || null,
    replies: replies.map((reply) => ({ ...reply, createdAt: reply.createdAt.toISOString() })),
  };
}

/** One enquiry opened by an admin: recorded in the trail before it is answered, refused when the trail cannot be written. */
export async function readEnquiry(db: Database, id: string, audit: AuditRequest): Promise<EnquiryDetail> {
  const enquiry = await detailOf(db, id);
  await recordReadOrRefuse(db, { ...aboutEnquiry(audit), status: 200, details: { enquiryId: id } });
  return enquiry;
}

/** What replying uses: the enquiries, and the outbox that mails the reply. */
interface ReplyDeps {
  db: Database;
  mail: MailDelivery;
  templates: MailTemplates;
}

/**
 * An admin's reply: kept with the enquiry (sealed), mailed to its sender through the outbox, the
 * enquiry marked answered, and the audit row, all in one commit.
 */
export async function replyToEnquiry(ctx: ReplyDeps, admin: { userId: string }, id: string, body: string, audit: AuditRequest) {
  const { enquiry, mail } = await ctx.db.transaction(async (tx) => {
    const found = await findEnquiry(tx, id, true);
    if (!found) throw enquiryNotFound();
    await insertEnquiryReply(tx, { enquiryId: id, authorUserId: admin.userId, body });
    await setEnquiryStatus(tx, id, 'answered');
    const queued = await queueMailToSend(tx, ctx.templates.enquiryReply(found.email, found.fullName, body));
    await recordAudit(tx, { ...aboutEnquiry(audit), status: 201, details: { enquiryId: id } });
    return { enquiry: await detailOf(tx, id), mail: queued };
  });
  void ctx.mail.send(mail);
  return { enquiry, message: messages.enquiryReplySent(enquiry.email) };
}

/** Marks an enquiry new, answered or closed, with its audit row. */
export async function changeEnquiryStatus(db: Database, id: string, status: EnquiryStatus, audit: AuditRequest) {
  const enquiry = await db.transaction(async (tx) => {
    if (!(await findEnquiry(tx, id, true))) throw enquiryNotFound();
    await setEnquiryStatus(tx, id, status);
    await recordAudit(tx, { ...aboutEnquiry(audit), status: 200, details: { enquiryId: id, status } });
    return detailOf(tx, id);
  });
  return { enquiry, message: messages.enquiryStatusSaved(status) };
}
