export { getAdminMe, useAdminMe } from './api/getAdminMe';
