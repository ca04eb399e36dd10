import type { ExpenseFilterValues } from './expenses';

/** The query keys of the expenses' answers: all under ['expenses'], so a save can refresh what it touched. */
export const expensesKeys = {
  all: ['expenses'] as const,
  lists: ['expenses', 'list'] as const,
  list: (filter: ExpenseFilterValues, page: number) => ['expenses', 'list', filter, page] as const,
  exchangeRate: ['expenses', 'exchange-rate'] as const,
};
