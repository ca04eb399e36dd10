import { z } from './zod';
import { businessDaySchema, omittedWhenEmpty } from './admin';
import { parseIsoDate } from './dates';
import { messages } from './messages';

export const AUDIT_LOG_PAGE_SIZE = 50;

/** A person in a filter: their account id, or the e-mail their account has now. */
const personSchema = z
  .string()
  .trim()
  .toLowerCase()
  .refine((v) => z.uuid().safeParse(v).success || z.email().safeParse(v).success, { error: messages.auditPersonInvalid });

/**
 * GET /api/admin/audit-log: newest first, filtered by who acted, on whose record, which action and which
 * America/Chicago days (both included); `after` is the page's last row as the previous answer gave it.
 */
export const auditLogQuerySchema = z
  .strictObject({
    actor: omittedWhenEmpty(personSchema.optional()),
    subject: omittedWhenEmpty(personSchema.optional()),
    action: omittedWhenEmpty(z.string().max(200).optional()),
    from: omittedWhenEmpty(businessDaySchema.optional()),
    to: omittedWhenEmpty(businessDaySchema.optional()),
    after: omittedWhenEmpty(
      z
        .string()
        .regex(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z~\d{1,18}$/, { error: messages.auditCursorInvalid })
        .optional(),
    ),
  })
  .refine((q) => !q.from || !q.to || (parseIsoDate(q.from)?.getTime() ?? 0) <= (parseIsoDate(q.to)?.getTime() ?? 0), {
    error: messages.auditDateRangeInvalid,
    path: ['to'],
  });
export type AuditLogQuery = z.infer<typeof auditLogQuerySchema>;

/** One row of the trail in plain words; its sealed details are opened on request only. */
const auditLogRowSchema = z.object({
  id: z.number().int(),
  at: z.string(),
  /** What was done, in words: the route's own description. */
  description: z.string(),
  action: z.string(),
  status: z.number().int(),
  actorRole: z.string(),
  actorUserId: z.string().nullable(),
  actorEmail: z.string().nullable(),
  subjectUserId: z.string().nullable(),
  subjectEmail: z.string().nullable(),
  ip: z.string().nullable(),
  hasDetails: z.boolean(),
});
export type AuditLogRow = z.infer<typeof auditLogRowSchema>;
export const auditLogPageSchema = z.object({
  rows: z.array(auditLogRowSchema),
  /** The cursor of the next (older) page, or null on the last. */
  next: z.string().nullable(),
});
export type AuditLogPage = z.infer<typeof auditLogPageSchema>;

/** The actions the trail records, in words, for the action filter. */
export const auditActionListSchema = z.object({ actions: z.array(z.object({ action: z.string(), description: z.string() })) });
export type AuditActionList = z.infer<typeof auditActionListSchema>;

/** A row's sealed details, opened for an admin (the opening is recorded too). */
export const auditDetailsSchema = z.object({ id: z.number().int(), details: z.record(z.string(), z.unknown()).nullable() });

/**
 * The chain's state: intact up to the row last checked and anchored outside the database, broken at a
 * row, or not checked yet; `newerRows` were written since the check.
 */
export const auditChainStateSchema = z.object({
  state: z.enum(['intact', 'broken', 'unchecked']),
  rowId: z.number().int().nullable(),
  rowAt: z.string().nullable(),
  checkedAt: z.string().nullable(),
  newerRows: z.number().int(),
});
export type AuditChainState = z.infer<typeof auditChainStateSchema>;
