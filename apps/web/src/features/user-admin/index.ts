export { userAdminKeys } from './api/keys';
export { UsersJsonCard } from './components/users-json-card';
export { UsersPanel } from './components/users-panel';
