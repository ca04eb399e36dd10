import {
  CURRENCIES,
  formatAmount,
  formatCentralDate,
  fromTimestamp,
  messages,
  RECEIPT_ACCEPT,
  type Expense,
  type ExpensePage,
  type ExpenseUpdateInput,
} from '@app/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import {
  Alert,
  AmountField,
  Button,
  DetailsToggle,
  Facts,
  SelectField,
  TextAreaField,
  TextField,
  useConfirm,
  useDetails,
  useToast,
} from '../../../components/ui';
import { authFailureOf, failureMessage } from '../../../lib/api-failure';
import { formatFileSize, formatTimestamp } from '../../../lib/format';
import { serverFieldErrors, useValidatedForm } from '../../../lib/use-validated-form';
import { analyticsKeys } from '../../analytics';
import { deleteExpense, saveExpense } from '../api/expenses';
import { expensesKeys } from '../api/keys';
import { attachFile, fileFacts, uploadReceipt } from '../api/receipts';
import {
  checkExpenseForm,
  EXPENSE_FORM_FIELDS,
  isDirty,
  newExpenseValues,
  toFormValues,
  type ExpenseFile,
  type ExpenseFormField,
  type ExpenseFormValues,
} from '../expense-form';

const currencyOptions = CURRENCIES.map((c) => ({ value: c, label: c }));

interface ExpenseCardProps {
  id: string;
  /** The expense as the server has it; null for one added here and not saved yet. */
  expense: Expense | null;
  /** After the first save of a new expense. */
  onCreated?: (saved: Expense) => void;
  /** After a delete, or when an unsaved one is discarded. */
  onRemoved?: () => void;
}

/** One expense (docs/product.md, Admin dashboard): its summary, and the fields, receipt, Delete and Save behind 'View Details'. */
export function ExpenseCard({ id, expense, onCreated, onRemoved }: ExpenseCardProps) {
  // A new expense opens ready to fill in (docs/product.md, Admin dashboard).
  const { expanded, opened, toggle } = useDetails(expense === null);
  const elementId = `expense-${id}`;
  const title = expense?.title || messages.untitledExpense;

  return (
    <article
      className={`expense-card${expanded ? ' expense-card--open' : ''}${expense ? '' : ' expense-card--new'}`}
      aria-labelledby={`${elementId}-heading`}
    >
      <div className="expense-card__summary">
        <div className="expense-card__what">
          <h3 className="expense-card__title" id={`${elementId}-heading`}>
            {expense ? title : 'New expense'}
          </h3>
          {expense?.description && <p className="expense-card__description">{expense.description}</p>}
          {expense && <p className="expense-card__meta">{expense.fileName ? `Receipt: ${expense.fileName}` : 'No receipt'}</p>}
        </div>
        {expense && (
          <dl className="expense-card__amounts">
            <div>
              <dt>USD</dt>
              <dd>{formatAmount(expense.amountUsd, 'USD')}</dd>
            </div>
            <div>
              <dt>INR</dt>
              <dd>{formatAmount(expense.amountInr, 'INR')}</dd>
            </div>
            <div>
              <dt>Spent</dt>
              <dd>{formatCentralDate(fromTimestamp(expense.spentAt), 'medium')}</dd>
            </div>
            <div>
              <dt>Currency</dt>
              <dd>
                <span className="tag">{expense.originalCurrency}</span>
              </dd>
            </div>
          </dl>
        )}
        <DetailsToggle className="expense-card__toggle" expanded={expanded} controls={`${elementId}-details`} onToggle={toggle} />
      </div>
      <div id={`${elementId}-details`} className="expense-card__details" hidden={!expanded}>
        {opened && <ExpenseEditor id={id} expense={expense} idPrefix={elementId} onCreated={onCreated} onRemoved={onRemoved} />}
      </div>
    </article>
  );
}

/** Replaces one expense in every cached page, so the list shows the server's answer at once. */
function useExpenseCache() {
  const queryClient = useQueryClient();
  return {
    put: (saved: Expense) =>
      queryClient.setQueriesData<ExpensePage>({ queryKey: expensesKeys.lists }, (page) =>
        page ? { ...page, content: page.content.map((e) => (e.id === saved.id ? saved : e)) } : page,
      ),
    // Totals, order and profit move with any change.
    refresh: () => {
      void queryClient.invalidateQueries({ queryKey: expensesKeys.lists });
      void queryClient.invalidateQueries({ queryKey: analyticsKeys.all });
    },
  };
}

function ExpenseEditor({ id, expense, idPrefix, onCreated, onRemoved }: ExpenseCardProps & { idPrefix: string }) {
  const cache = useExpenseCache();
  const formRef = useRef<HTMLFormElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const loaded = expense ? toFormValues(expense) : null;
  const fieldId = (name: keyof ExpenseFormValues) => `${idPrefix}-${name}`;
  const createdBy = expense?.createdBy ?? null;
  const form = useValidatedForm<ExpenseFormValues>({
    initialValues: () => loaded ?? newExpenseValues(),
    fieldOrder: EXPENSE_FORM_FIELDS,
    validateField: (name, values) => {
      const check = checkExpenseForm(values, createdBy);
      return check.ok ? null : (check.errors[name as ExpenseFormField] ?? null);
    },
    formRef,
    fieldId,
  });
  const { values } = form;
  const dirty = isDirty(values, loaded);
  const [progress, setProgress] = useState<number | null>(null);
  const confirm = useConfirm();
  const toast = useToast();

  const save = useMutation({
    mutationFn: (body: ExpenseUpdateInput) => saveExpense(id, body),
    onSuccess: (saved) => {
      toast(messages.expenseSaved);
      form.reset(toFormValues(saved));
      if (expense) cache.put(saved);
      else onCreated?.(saved);
      cache.refresh();
    },
    onError: (error) => form.setServerErrors(serverFieldErrors(error, EXPENSE_FORM_FIELDS)),
  });

  // docs/product.md, Admin dashboard: slot, upload, attach. A new expense keeps the upload and sends it with its first save.
  const upload = useMutation({
    mutationFn: async (file: File): Promise<{ attached: Expense } | { pending: ExpenseFile }> => {
      setProgress(0);
      const fileUrl = await uploadReceipt(id, file, setProgress);
      const facts = fileFacts(file);
      if (expense) return { attached: await attachFile(id, { fileUrl, ...facts }) };
      return { pending: { fileUrl, fileName: facts.fileName, fileContentType: facts.contentType, fileSize: facts.size } };
    },
    onSuccess: (result) => {
      if ('attached' in result) {
        form.setField('file', toFormValues(result.attached).file);
        cache.put(result.attached);
        cache.refresh();
      } else {
        form.setField('file', result.pending);
      }
    },
    onSettled: () => {
      setProgress(null);
      if (fileInput.current) fileInput.current.value = '';
    },
  });

  const remove = useMutation({
    mutationFn: () => (expense ? deleteExpense(id) : Promise.resolve(null)),
    onSuccess: () => {
      if (expense) toast(messages.expenseDeleted);
      onRemoved?.();
      cache.refresh();
    },
    onError: (error) => {
      if (!authFailureOf(error)) toast(messages.expenseDeleteFailed, { tone: 'error' });
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!dirty || save.isPending) return;
    const check = checkExpenseForm(values, createdBy);
    if (!form.validateAll().ok || !check.ok) return;
    save.mutate(check.body);
  }

  const text = form.textFieldProps;
  const file = values.file;
  // The saved file's link comes from the list, read again every 10 minutes so that it stays valid;
  // a file uploaded but not saved yet has none.
  const downloadUrl = file && file.fileUrl === expense?.fileUrl ? expense.downloadUrl : null;
  // docs/product.md, Messages: the server's reason, else 'File upload failed' (with the status when there was one).
  const uploadError =
    upload.isError && !authFailureOf(upload.error) ? failureMessage(upload.error, upload.error.message || messages.fileUploadFailed) : null;

  return (
    <form
      ref={formRef}
      className="expense-editor"
      onSubmit={submit}
      noValidate
      aria-label={expense ? `Details of ${expense.title || messages.untitledExpense}` : 'New expense'}
    >
      <Facts
        items={[
          ['ID', id],
          ['Created By', expense?.createdBy],
          ['Created At', expense ? formatTimestamp(expense.createdAt) : null],
          ['Exchange rate used', expense ? `₹${expense.exchangeRate.toFixed(4)} per $1` : null],
        ]}
      />
      <div className="user-editor__grid">
        <TextField {...text('title')} label="Title" autoComplete="off" fieldClassName="user-editor__wide" />
        <SelectField
          id={fieldId('originalCurrency')}
          label="Original Currency"
          options={currencyOptions}
          value={values.originalCurrency}
          error={form.visibleError('originalCurrency')}
          onChange={(e) => form.setField('originalCurrency', e.target.value as ExpenseFormValues['originalCurrency'])}
        />
        <AmountField
          {...text('originalAmount')}
          label="Original Amount"
          onTwoDecimals={(amount) => form.setField('originalAmount', amount)}
        />
        <TextField {...text('spentDate')} label="Spent Date" type="date" />
      </div>
      <TextAreaField {...text('description')} label="Description" rows={2} />

      <fieldset className="expense-editor__receipt">
        <legend>Receipt</legend>
        {file ? (
          <p className="expense-editor__file">
            {downloadUrl ? (
              <a href={downloadUrl} download={file.fileName}>
                {file.fileName}
              </a>
            ) : (
              <span>{file.fileName}</span>
            )}{' '}
            <span className="muted">
              ({formatFileSize(file.fileSize)}
              {downloadUrl ? '' : ', saved with the expense'})
            </span>
          </p>
        ) : (
          <p className="muted">No file attached.</p>
        )}
        {progress !== null && (
          <div className="expense-editor__progress">
            <label htmlFor={`${idPrefix}-progress`}>Uploading…</label>
            <progress id={`${idPrefix}-progress`} max={1} value={progress} />
          </div>
        )}
        {uploadError && <Alert tone="error">{uploadError}</Alert>}
        <div className="expense-editor__file-actions">
          <Button
            variant="secondary"
            size="sm"
            busy={upload.isPending}
            disabled={upload.isPending}
            onClick={() => fileInput.current?.click()}
          >
            {file ? 'Replace file' : 'Upload file'}
          </Button>
          <input
            ref={fileInput}
            hidden
            type="file"
            accept={RECEIPT_ACCEPT}
            aria-label="Receipt file (PDF, JPEG or PNG)"
            onChange={(e) => {
              const chosen = e.target.files?.[0];
              if (chosen) upload.mutate(chosen);
            }}
          />
          {file && (
            <Button variant="ghost" size="sm" disabled={upload.isPending} onClick={() => form.setField('file', null)}>
              Clear Attachment
            </Button>
          )}
        </div>
      </fieldset>

      {save.isError && <Alert tone="error">{failureMessage(save.error, messages.expenseSaveFailed)}</Alert>}

      <div className="user-editor__actions">
        <Button
          variant="secondary"
          size="sm"
          className="expense-editor__delete"
          busy={remove.isPending}
          disabled={remove.isPending}
          onClick={async () => {
            const confirmed = await confirm.ask({
              title: messages.confirmExpenseDelete,
              message: messages.expenseDeleteExplained,
              confirmLabel: 'Delete',
              destructive: true,
            });
            if (confirmed) remove.mutate();
          }}
        >
          Delete
        </Button>
        <span className="user-editor__spacer" />
        {dirty && <span className="user-editor__dirty">Unsaved changes</span>}
        <Button type="submit" size="sm" busy={save.isPending} disabled={!dirty || save.isPending || upload.isPending}>
          {save.isPending ? 'Saving…' : 'Save'}
        </Button>
      </div>
      {confirm.dialog}
    </form>
  );
}
