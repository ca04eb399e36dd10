// The staff feature's public file: the disable and re-enable control for the member's page, and the console's
// settings section with the keys of its answers.
export { staffKeys } from './api/staff';
export { AccountAccess } from './components/account-access';
export { default as StaffSettingsPage } from './pages/staff-settings-page';
