// The mail feature's public file: features queue mail in their own transaction (decision 006).
export {
  deleteDeliveredMail,
  enqueueMails,
  leaseForDelivery,
  outboxInsert,
  queueMailToSend,
  type OutboxSchedule,
  type OutgoingMail,
  type QueuedMail,
} from './repository';
export type { MailDelivery } from './delivery';
export { devPage, devTime, escapeHtml, type MailTemplates } from './templates';
