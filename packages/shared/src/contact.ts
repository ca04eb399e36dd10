import { z } from './zod';
import { emailSchema } from './auth';
import { messages } from './messages';
import { phoneSchema } from './phone';
import { omittedWhenEmpty, pageParams, pageSchema } from './admin';

export const ENQUIRY_MESSAGE_MAX = 5000;

/** The contact enquiry form (docs/product.md, Public site), with its validation rules. */
export const enquiryFields = {
  fullName: z
    .string({ error: messages.enquiryNameRequired })
    .trim()
    .min(1, { error: messages.enquiryNameRequired })
    .min(2, { error: messages.enquiryNameShort })
    .max(200, { error: messages.tooLong(200) }),
  email: emailSchema(),
  phone: phoneSchema,
  message: z
    .string({ error: messages.enquiryMessageRequired })
    .trim()
    .min(1, { error: messages.enquiryMessageRequired })
    .min(5, { error: messages.enquiryMessageShort })
    .max(ENQUIRY_MESSAGE_MAX, { error: messages.tooLong(ENQUIRY_MESSAGE_MAX) }),
  smsOptIn: z.literal(true, { error: messages.smsTerms }),
};

/** POST /api/users/questions. The client's own geo guess is accepted for compatibility and ignored. */
export const enquiryRequestSchema = z.strictObject({
  ...enquiryFields,
  customerIp: z.string().max(64).optional(),
  customerState: z.string().max(100).optional(),
  customerCountry: z.string().max(100).optional(),
});

/** Where an enquiry stands: new until an admin replies (answered) or closes it (closed). */
export const ENQUIRY_STATUSES = ['new', 'answered', 'closed'] as const;
export type EnquiryStatus = (typeof ENQUIRY_STATUSES)[number];

/** GET /api/admin/enquiries: one status or all, newest first, a page at a time. */
export const enquiryListQuerySchema = z.strictObject({
  ...pageParams,
  status: omittedWhenEmpty(z.enum(ENQUIRY_STATUSES).optional()),
});
export type EnquiryListQuery = z.infer<typeof enquiryListQuerySchema>;

/** An enquiry in the list: who wrote and when, never its message or phone (opened one at a time, audited). */
const enquirySummarySchema = z.object({
  id: z.string(),
  fullName: z.string(),
  email: z.string(),
  status: z.enum(ENQUIRY_STATUSES),
  createdAt: z.string(),
});
export const enquiryPageSchema = pageSchema(enquirySummarySchema).extend({
  /** How many enquiries each status holds, for the list's filter. */
  counts: z.object({ new: z.number().int(), answered: z.number().int(), closed: z.number().int() }),
});
export type EnquiryPage = z.infer<typeof enquiryPageSchema>;

const enquiryReplySchema = z.object({ id: z.string(), body: z.string(), authorEmail: z.string().nullable(), createdAt: z.string() });
/** One enquiry opened by an admin: its message, where it came from, and every reply sent. */
export const enquiryDetailSchema = enquirySummarySchema.extend({
  phone: z.string(),
  message: z.string(),
  location: z.string().nullable(),
  replies: z.array(enquiryReplySchema),
});
export type EnquiryDetail = z.infer<typeof enquiryDetailSchema>;
export const enquiryAnswerSchema = z.object({ enquiry: enquiryDetailSchema, message: z.string() });

const ENQUIRY_REPLY_MAX = 5000;
/** An admin's reply, e-mailed to the enquirer and kept with the enquiry. */
export const enquiryReplyRequestSchema = z.strictObject({
  body: z
    .string({ error: messages.enquiryReplyRequired })
    .trim()
    .min(1, { error: messages.enquiryReplyRequired })
    .max(ENQUIRY_REPLY_MAX, { error: messages.tooLong(ENQUIRY_REPLY_MAX) }),
});
export const enquiryStatusChangeSchema = z.strictObject({ status: z.enum(ENQUIRY_STATUSES) });
