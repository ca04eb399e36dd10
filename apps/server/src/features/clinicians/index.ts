// The clinicians feature's public file: its routes, and turning a clinician off for other features (visits).
export { clinicRoutes } from './clinic.routes';
export { adminClinicianRoutes, clinicianInvitationRoutes } from './routes';
