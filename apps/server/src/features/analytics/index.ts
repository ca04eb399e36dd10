// The analytics feature's public file: its routes, for the admin API.
export { adminAnalyticsRoutes } from './routes';
