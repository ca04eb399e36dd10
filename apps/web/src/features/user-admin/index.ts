export { userAdminKeys } from './api/keys';
export { MemberPage } from './components/member-page';
export { MembersTable } from './components/members-table';
export { UsersJsonCard } from './components/users-json-card';
