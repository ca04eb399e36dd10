// The data download's public file: its routes and worker for the app, housekeeping's expiry, and what an account's deletion and an admin's read of a kept record use.
export { dataExportRoutes } from './routes';
export { createDataExportWorker } from './archive.service';
export { removeExpiredExports, removeExportsOf } from './cleanup.service';
export { personalDataOf } from './personal-data.service';
