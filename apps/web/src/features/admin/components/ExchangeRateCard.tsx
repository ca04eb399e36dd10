import { exchangeRateUpdateSchema, messages } from '@app/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Alert, Button, Card, Spinner, TextField } from '../../../components/ui';
import { getExchangeRate, setExchangeRate } from '../api/expenses';
import { adminKeys } from '../api/keys';
import { formatCentral } from '../format';
import { failureMessage } from '../queryClient';
import { Facts } from './fields';

/**
 * The INR-per-USD rate new saves use (issue 12: no internet at run time, so an admin keeps it).
 * Saved expenses keep the rate they were saved with.
 */
export function ExchangeRateCard() {
  const queryClient = useQueryClient();
  const rate = useQuery({ queryKey: adminKeys.exchangeRate, queryFn: ({ signal }) => getExchangeRate(signal) });
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: setExchangeRate,
    onSuccess: (saved) => {
      queryClient.setQueryData(adminKeys.exchangeRate, saved);
      setText('');
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = exchangeRateUpdateSchema.safeParse({ inrPerUsd: text.trim() });
    setError(parsed.success ? null : messages.exchangeRateInvalid);
    if (parsed.success) save.mutate(parsed.data.inrPerUsd);
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
      <form className="admin-rate" onSubmit={submit} noValidate aria-label="Set the exchange rate">
        <TextField
          id="exchange-rate"
          label="New rate (₹ per $1)"
          hint="Expenses saved from now on use it; saved ones keep theirs."
          type="number"
          inputMode="decimal"
          min={0}
          step={0.0001}
          value={text}
          error={error}
          onChange={(e) => setText(e.target.value)}
        />
        <Button type="submit" size="sm" busy={save.isPending} disabled={save.isPending || !text.trim()}>
          {save.isPending ? 'Saving…' : 'Set rate'}
        </Button>
      </form>
      {save.isError && <Alert tone="error">{failureMessage(save.error, messages.exchangeRateSaveFailed)}</Alert>}
    </Card>
  );
}
