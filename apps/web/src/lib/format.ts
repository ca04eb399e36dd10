import { formatAmount, fromTimestamp, US_CENTRAL, type Timestamp } from '@app/shared';

/** Dollars as the dashboard shows them: two decimals and thousands grouped, '$12,345.60' (docs/product.md, Constants). */
export const formatDollars = (dollars: number) => formatAmount(dollars, 'USD');

/** Whole dollars read more easily on a chart's axis: '$1,200', not '$1,200.00'. */
export const formatAxisDollars = (dollars: number) => formatDollars(dollars).replace(/\.00$/, '');

const centralDateTime = new Intl.DateTimeFormat('en-US', { timeZone: US_CENTRAL, dateStyle: 'medium', timeStyle: 'short' });

/** An instant in US Central time (docs/product.md, Data), e.g. 'Nov 22, 2026, 8:01 AM CT'. */
export const formatCentral = (date: Date) => `${centralDateTime.format(date)} CT`;
export const formatTimestamp = (t: Timestamp | null) => (t ? formatCentral(fromTimestamp(t)) : null);

/** 'individualMonthly' → 'Individual monthly', 'past_due' → 'Past due': stored names read as words. */
export function humanize(value: string): string {
  const words = value
    .replace(/_/g, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A file size as people read it: '820 KB', '2.4 MB'. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
