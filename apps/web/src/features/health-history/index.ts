// The health-history feature's public file: what other features may use (decision 021).
export { HealthHistoryCard } from './components/health-history-card';
