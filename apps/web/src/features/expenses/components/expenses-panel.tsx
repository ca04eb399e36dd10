import { centralDay, expenseListQuerySchema, formatAmount, messages, type Expense, type ExpensePage } from '@app/shared';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { Alert, Button, Card, LoadError, Pager, QuickRanges, SelectField, Spinner, StatList, TextField } from '../../../components/ui';
import { authFailureOf, failureMessage } from '../../../lib/api-failure';
import { useValidatedForm } from '../../../lib/use-validated-form';
import { downloadExpensesCsv, getExpenses, type ExpenseFilterValues } from '../api/expenses';
import { expensesKeys } from '../api/keys';
import { ExpenseCard } from './expense-card';

const NO_FILTER: ExpenseFilterValues = { startDate: '', endDate: '', currency: '', createdBy: '' };
const currencyOptions = [
  { value: '', label: 'All' },
  { value: 'USD', label: 'USD' },
  { value: 'INR', label: 'INR' },
];
/** Download links on the cards last 15 minutes; the list is read again before they run out. */
const LIST_REFRESH_MS = 10 * 60_000;

/** A new expense of this page, not on the server's page yet: unsaved, or saved and not reloaded. */
interface Draft {
  id: string;
  saved: Expense | null;
}

/** Sums amounts to the cent, so a page of 0.1s adds up exactly. */
const sum = (amounts: number[]) => amounts.reduce((total, amount) => total + Math.round(amount * 100), 0) / 100;

/** The Expenses tab (docs/product.md, Admin dashboard): summary, filters, Add Expense, pages of expense cards. */
export function ExpensesPanel() {
  const [filter, setFilter] = useState<ExpenseFilterValues>(NO_FILTER);
  const [page, setPage] = useState(0);
  const [drafts, setDrafts] = useState<Draft[]>([]);
  const expenses = useQuery({
    queryKey: expensesKeys.list(filter, page),
    queryFn: ({ signal }) => getExpenses(filter, page, signal),
    placeholderData: keepPreviousData,
    refetchInterval: LIST_REFRESH_MS,
  });
  const data = expenses.data;
  const totalPages = Math.max(data?.totalPages ?? 1, 1);
  const onPage = new Set(data?.content.map((e) => e.id));
  const shownDrafts = drafts.filter((d) => !onPage.has(d.id));
  // One list with one key per expense: a saved draft that the reloaded page now holds stays the
  // same card (still open), only moved to its place.
  const cards = [
    ...shownDrafts.map((d) => ({ id: d.id, expense: d.saved, draft: true })),
    ...(data?.content ?? []).map((expense) => ({ id: expense.id, expense, draft: false })),
  ];

  function apply(next: ExpenseFilterValues) {
    setFilter(next);
    setPage(0);
    // Saved drafts now live in the list where the filter puts them.
    setDrafts((list) => list.filter((d) => d.saved === null));
  }

  const exportCsv = useMutation({ mutationFn: () => downloadExpensesCsv(filter) });

  return (
    <Card title="Expenses" level={2} headingId="admin-expenses-title" className="admin-expenses">
      {data && <ExpenseCounts page={data} />}
      <FilterForm
        applied={filter}
        onApply={apply}
        onAdd={() => {
          // docs/product.md, Admin dashboard: at the top, already dirty, with an id made here.
          setDrafts((list) => [{ id: crypto.randomUUID(), saved: null }, ...list]);
        }}
      />
      {expenses.isError && (
        <LoadError error={expenses.error} fallback={messages.expensesLoadFailed} onRetry={() => void expenses.refetch()} />
      )}
      {expenses.isPending && <Spinner label="Loading expenses…" />}
      {(data || shownDrafts.length > 0) && (
        <div className="admin-users__results" aria-busy={expenses.isPlaceholderData || undefined}>
          {cards.length === 0 ? (
            <p className="admin-empty">{messages.noExpensesFound}</p>
          ) : (
            <ul className="admin-users__list" aria-label="Expenses on this page">
              {cards.map(({ id, expense, draft }) => (
                <li key={id}>
                  <ExpenseCard
                    id={id}
                    expense={expense}
                    onCreated={
                      draft ? (created) => setDrafts((list) => list.map((d) => (d.id === id ? { ...d, saved: created } : d))) : undefined
                    }
                    // Also for a saved draft the page now lists: kept as a draft, it would come back once the list drops it.
                    onRemoved={() => setDrafts((list) => list.filter((d) => d.id !== id))}
                  />
                </li>
              ))}
            </ul>
          )}
          <Pager label="Expenses pages" page={page} totalPages={totalPages} onPage={setPage} />
        </div>
      )}
      <div className="admin-expenses__export">
        <Button variant="secondary" size="sm" busy={exportCsv.isPending} disabled={exportCsv.isPending} onClick={() => exportCsv.mutate()}>
          Export CSV
        </Button>
        <span className="muted">Every expense the filter matches, for the accountant.</span>
      </div>
      {exportCsv.isError && !authFailureOf(exportCsv.error) && (
        <Alert tone="error">{failureMessage(exportCsv.error, messages.expensesExportFailed)}</Alert>
      )}
    </Card>
  );
}

/** The Expenses tab's summary of the page, then the totals of everything the filter matches. */
function ExpenseCounts({ page }: { page: ExpensePage }) {
  const counts = [
    ['On this page', page.content.length.toLocaleString('en-US')],
    ['Total USD (page)', formatAmount(sum(page.content.map((e) => e.amountUsd)), 'USD')],
    ['Total INR (page)', formatAmount(sum(page.content.map((e) => e.amountInr)), 'INR')],
    ['Matching expenses', page.totalElements.toLocaleString('en-US')],
    ['Total USD (all matching)', formatAmount(page.totals.usd, 'USD')],
    ['Total INR (all matching)', formatAmount(page.totals.inr, 'INR')],
  ] as const;
  return <StatList compact items={counts} />;
}

/** The Expenses tab's filters (dates, currency, author); the shared schema checks the dates as the server will. */
function FilterForm({
  applied,
  onApply,
  onAdd,
}: {
  applied: ExpenseFilterValues;
  onApply: (filter: ExpenseFilterValues) => void;
  onAdd: () => void;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  // The schema's one possible complaint is about the dates; it shows under the end date.
  const form = useValidatedForm<ExpenseFilterValues>({
    initialValues: applied,
    fieldOrder: ['endDate'],
    validateField: (_, values) => {
      const parsed = expenseListQuerySchema.safeParse(values);
      return parsed.success ? null : (parsed.error.issues[0]?.message ?? messages.dateInvalid);
    },
    formRef,
    fieldId: () => 'expense-filter-end',
  });
  const { values } = form;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (form.validateAll().ok) onApply({ ...values, createdBy: values.createdBy.trim() });
  }

  function reset() {
    form.reset(NO_FILTER);
    onApply(NO_FILTER);
  }

  // A quick range applies at once, with the other filters as they stand.
  function pickRange(days: { from: string; to: string }) {
    const filter = { ...values, startDate: days.from, endDate: days.to, createdBy: values.createdBy.trim() };
    form.reset(filter);
    onApply(filter);
  }

  return (
    <form ref={formRef} className="expense-filters" aria-label="Filter expenses" onSubmit={submit} noValidate>
      <QuickRanges today={centralDay(new Date())} value={{ from: values.startDate, to: values.endDate }} onPick={pickRange} />
      <TextField
        id="expense-filter-start"
        label="Start date"
        type="date"
        value={values.startDate}
        onChange={(e) => form.setField('startDate', e.target.value)}
      />
      <TextField {...form.textFieldProps('endDate')} label="End date" type="date" />
      <SelectField
        id="expense-filter-currency"
        label="Currency"
        options={currencyOptions}
        value={values.currency}
        onChange={(e) => form.setField('currency', e.target.value as ExpenseFilterValues['currency'])}
      />
      <TextField
        id="expense-filter-created-by"
        label="Created by"
        type="search"
        inputMode="email"
        autoComplete="off"
        spellCheck={false}
        value={values.createdBy}
        onChange={(e) => form.setField('createdBy', e.target.value)}
      />
      <div className="expense-filters__buttons">
        <Button type="submit" size="sm">
          Filter
        </Button>
        <Button variant="secondary" size="sm" onClick={reset}>
          Reset
        </Button>
        <Button variant="secondary" size="sm" className="expense-filters__add" onClick={onAdd}>
          Add Expense
        </Button>
      </div>
    </form>
  );
}
