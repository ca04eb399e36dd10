// The audit log feature's public file: its routes, for the admin API. The trail itself is the audit feature's.
export { adminAuditLogRoutes } from './routes';
