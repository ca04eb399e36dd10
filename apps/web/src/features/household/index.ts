// The household feature's public file: what other features may use (decision 021).
export { householdKeys, useHousehold } from './api/household';
export { FamilyCard } from './components/family-card';
export { MemberHousehold } from './components/member-household';
