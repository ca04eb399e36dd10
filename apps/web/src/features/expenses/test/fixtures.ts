import type { Expense, ExpensePage } from '@app/shared';
import { json, mockApi } from '../../../test/helpers';

/** An expense as GET /api/admin/expenses answers it (docs/product.md, Data). */
export function expense(overrides: Partial<Expense> = {}): Expense {
  return {
    id: '0b9f6f1e-6c1a-4f0e-9a57-5d0c1c1e0001',
    title: 'Clinic rent',
    description: 'November',
    originalCurrency: 'INR',
    originalAmount: 8300,
    amountUsd: 100,
    amountInr: 8300,
    exchangeRate: 83,
    spentAt: { seconds: 1_793_632_500, nanos: 0 },
    createdAt: { seconds: 1_793_632_500, nanos: 0 },
    updatedAt: { seconds: 1_793_632_500, nanos: 0 },
    createdBy: 'boss@example.com',
    fileUrl: null,
    fileName: null,
    fileContentType: null,
    fileSize: null,
    downloadUrl: null,
    ...overrides,
  };
}

export function expensePage(content: Expense[], totals = { usd: 1234.5, inr: 102463.5 }, totalElements = content.length): ExpensePage {
  return { content, totalElements, totalPages: Math.max(1, Math.ceil(totalElements / 10)), totals };
}

const exchangeRate = { inrPerUsd: 83, effectiveFrom: null, setBy: null };

/** What the server answers the Expenses sections by default: no expenses, and a rate of 83. */
export const expensesAnswers = () => ({
  'GET /api/admin/expenses': json(200, expensePage([])),
  'GET /api/admin/expenses/exchange-rate': json(200, exchangeRate),
});

/** A server answering the Expenses sections with these fixtures, unless `handlers` say otherwise. */
export const expensesApi = (handlers: Parameters<typeof mockApi>[0] = {}) => mockApi({ ...expensesAnswers(), ...handlers });
