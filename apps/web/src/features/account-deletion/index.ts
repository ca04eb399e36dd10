// The account deletion's public file: its card, for the profile page.
export { DeleteAccountCard } from './components/delete-account-card';
