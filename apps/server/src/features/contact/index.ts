// The contact feature's public file: the enquiries' routes for the admin API.
export { adminEnquiryRoutes } from './admin.routes';
