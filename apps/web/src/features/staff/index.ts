// The staff feature's public file: the disable and re-enable control, for the user-admin's card.
export { AccountAccess } from './components/account-access';
