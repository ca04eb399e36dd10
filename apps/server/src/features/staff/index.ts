// The staff feature's public file: its routes, for the admin API and for the invitation's link.
export { adminInvitationRoutes, adminStaffRoutes } from './routes';
