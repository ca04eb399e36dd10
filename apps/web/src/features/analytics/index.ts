export { analyticsKeys } from './api/keys';
export { AnalyticsCard } from './components/analytics-card';
export { ProfitCard } from './components/profit-card';
export { VisitsPanel } from './components/visits-panel';
