// The audit feature's public file: features and the audit plugin append to the chain (decision 017).
export type { Actor, AuditEntry, AuditRequest } from './repository';
export { isAudited, recordAudit, recordAudits, recordReadOrRefuse, userHistory } from './service';
