// The audit feature's public file: features and the audit plugin append to the chain (decision 017),
// the server anchors its head outside the database (decision 048).
export type { Actor, AuditEntry, AuditRequest } from './repository';
export { fileAnchorStore, type AuditAnchorStore } from './anchor';
export { anchorAuditChain, isAudited, recordAudit, recordAudits, recordReadOrRefuse, useAuditKey, userHistory } from './service';
