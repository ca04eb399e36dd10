export { MembershipCard } from './components/membership-card';
