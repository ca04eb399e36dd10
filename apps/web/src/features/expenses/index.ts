export { expensesKeys } from './api/keys';
export { ExchangeRateCard } from './components/exchange-rate-card';
export { ExpensesPanel } from './components/expenses-panel';
