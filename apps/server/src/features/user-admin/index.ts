// The user-admin feature's public file: its routes, for the admin API, and the admins' lock the staff feature shares.
export { adminUserRoutes } from './routes';
export { lockAdmins } from './repository';
