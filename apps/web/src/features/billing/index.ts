export { MembershipCard } from './components/MembershipCard';
