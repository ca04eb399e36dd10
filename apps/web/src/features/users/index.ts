export { getMe } from './api/getMe';
