// The audit feature's public file: features and the audit plugin append to the chain (decision 017),
// the server anchors its head outside the database (decision 048), and the audit log reads it a page at a time.
export type { Actor, AuditEntry, AuditRequest } from './repository';
export { fileAnchorStore, type AuditAnchorStore } from './anchor';
export { auditedActions, nameAuditedAction } from './action-names';
export { auditChainState, openAuditDetails, readAuditLog } from './log.service';
export { anchorAuditChain, isAudited, recordAudit, recordAudits, recordReadOrRefuse, useAuditKey, userHistory } from './service';
