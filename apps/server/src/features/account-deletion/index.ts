// The account deletion's public file: its routes (the member's, and the admin's read of what a deleted account keeps) and housekeeping's erasure.
export { accountDeletionRoutes, adminKeptRecordRoutes } from './routes';
export { eraseExpiredRecords } from './erase-records.service';
