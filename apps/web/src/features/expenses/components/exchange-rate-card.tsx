import { exchangeRateUpdateSchema, messages } from '@app/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, type FormEvent } from 'react';
import { Alert, Button, Card, Facts, Spinner, TextField } from '../../../components/ui';
import { failureMessage } from '../../../lib/api-failure';
import { formatCentral } from '../../../lib/format';
import { useValidatedForm } from '../../../lib/use-validated-form';
import { getExchangeRate, setExchangeRate } from '../api/expenses';
import { expensesKeys } from '../api/keys';

/**
 * The INR-per-USD rate new saves use (decision 020: no internet at run time, so an admin keeps it).
 * Saved expenses keep the rate they were saved with.
 */
export function ExchangeRateCard() {
  const queryClient = useQueryClient();
  const rate = useQuery({ queryKey: expensesKeys.exchangeRate, queryFn: ({ signal }) => getExchangeRate(signal) });
  const formRef = useRef<HTMLFormElement>(null);
  const form = useValidatedForm<{ inrPerUsd: string }>({
    initialValues: { inrPerUsd: '' },
    fieldOrder: ['inrPerUsd'],
    validateField: (_, values) =>
      exchangeRateUpdateSchema.safeParse({ inrPerUsd: values.inrPerUsd.trim() }).success ? null : messages.exchangeRateInvalid,
    formRef,
    fieldId: () => 'exchange-rate',
  });
  const text = form.values.inrPerUsd;
  const save = useMutation({
    mutationFn: setExchangeRate,
    onSuccess: (saved) => {
      queryClient.setQueryData(expensesKeys.exchangeRate, saved);
      form.reset({ inrPerUsd: '' });
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = exchangeRateUpdateSchema.safeParse({ inrPerUsd: text.trim() });
    if (form.validateAll().ok && parsed.success) save.mutate(parsed.data.inrPerUsd);
  }

  return (
    <Card title="Exchange rate" level={2} headingId="admin-rate-title">
      {rate.isPending && <Spinner label="Loading the exchange rate…" />}
      {rate.isError && <Alert tone="error">{failureMessage(rate.error, messages.exchangeRateLoadFailed)}</Alert>}
      {rate.data && (
        <Facts
          items={[
            ['Rupees per US dollar', `₹${rate.data.inrPerUsd.toFixed(4)}`],
            ['Effective from', rate.data.effectiveFrom ? formatCentral(new Date(rate.data.effectiveFrom)) : 'The configured starting rate'],
            ['Set by', rate.data.setBy],
          ]}
        />
      )}
      <form ref={formRef} className="admin-rate" onSubmit={submit} noValidate aria-label="Set the exchange rate">
        <TextField
          {...form.textFieldProps('inrPerUsd')}
          label="New rate (₹ per $1)"
          hint="Expenses saved from now on use it; saved ones keep theirs."
          type="number"
          inputMode="decimal"
          min={0}
          step={0.0001}
        />
        <Button type="submit" size="sm" busy={save.isPending} disabled={save.isPending || !text.trim()}>
          {save.isPending ? 'Saving…' : 'Set rate'}
        </Button>
      </form>
      {save.isError && <Alert tone="error">{failureMessage(save.error, messages.exchangeRateSaveFailed)}</Alert>}
    </Card>
  );
}
