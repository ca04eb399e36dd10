// The user-admin feature's public file: its routes, for the admin API.
export { adminUserRoutes } from './routes';
