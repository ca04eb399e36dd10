// The household feature's public file: what other features may use (decision 021).
export { useHousehold } from './api/household';
export { FamilyCard } from './components/family-card';
