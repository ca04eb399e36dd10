import {
  ADMIN_PAGE_SIZE,
  type ExchangeRate,
  type Expense,
  type ExpenseFilter,
  type ExpensePage,
  type ExpenseUpdateInput,
} from '@app/shared';
import { apiRequest } from '../../../lib/api-client';

/** The Expenses tab's filter as the form holds it: YYYY-MM-DD days, '' for all currencies. */
export interface ExpenseFilterValues {
  startDate: string;
  endDate: string;
  currency: '' | 'USD' | 'INR';
  createdBy: string;
}

// docs/product.md, Validation: empty filter values are left out of the request.
const query = (params: Record<string, string | number>) =>
  new URLSearchParams(
    Object.entries(params)
      .filter(([, v]) => v !== '')
      .map(([k, v]) => [k, String(v)]),
  ).toString();

const filterParams = (filter: ExpenseFilterValues | ExpenseFilter) => ({
  startDate: filter.startDate ?? '',
  endDate: filter.endDate ?? '',
  currency: filter.currency ?? '',
  createdBy: filter.createdBy?.trim() ?? '',
});

const expensePath = (id: string) => `/api/admin/expenses/${encodeURIComponent(id)}`;

/** GET /api/admin/expenses: one page of the filtered expenses and the totals of all of them. */
export const getExpenses = (filter: ExpenseFilterValues, page: number, signal?: AbortSignal) =>
  apiRequest<ExpensePage>(`/api/admin/expenses?${query({ page, size: ADMIN_PAGE_SIZE, ...filterParams(filter) })}`, { signal });

/** PUT /api/admin/expenses/{id}: creates or updates; the answer is the expense as saved. */
export const saveExpense = (id: string, body: ExpenseUpdateInput) => apiRequest<Expense>(expensePath(id), { method: 'PUT', body });

export const deleteExpense = (id: string) => apiRequest<null>(expensePath(id), { method: 'DELETE' });

export const getExchangeRate = (signal?: AbortSignal) => apiRequest<ExchangeRate>('/api/admin/expenses/exchange-rate', { signal });
export const setExchangeRate = (inrPerUsd: number) =>
  apiRequest<ExchangeRate>('/api/admin/expenses/exchange-rate', { method: 'PUT', body: { inrPerUsd } });

/** The filtered expenses as the CSV the server writes, saved as a file by the browser. */
export async function downloadExpensesCsv(filter: ExpenseFilterValues): Promise<void> {
  const csv = await apiRequest<string>(`/api/admin/expenses/export.csv?${query(filterParams(filter))}`);
  const link = document.createElement('a');
  link.href = URL.createObjectURL(new Blob([csv], { type: 'text/csv' }));
  link.download = 'expenses.csv';
  link.click();
  setTimeout(() => URL.revokeObjectURL(link.href), 0);
}
