// The mail feature's public file: features queue mail in their own transaction (decision 006).
export { enqueueMail, outboxInsert, type OutgoingMail } from './repository';
