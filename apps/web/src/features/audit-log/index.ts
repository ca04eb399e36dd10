// The audit log feature's public file: the console's section of the trail, with the keys of its answers.
export { auditLogKeys } from './api/audit-log';
export { default as AuditLogPage } from './pages/audit-log-page';
