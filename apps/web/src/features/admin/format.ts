import { formatAmount, fromTimestamp, US_CENTRAL, type AdminUser, type Timestamp } from '@app/shared';

/** docs/product.md, Admin dashboard: first and last name, else the full name, else the e-mail. */
export function displayName(user: Pick<AdminUser, 'firstName' | 'lastName' | 'fullName' | 'email'>): string {
  return (
    [user.firstName, user.lastName]
      .map((part) => part.trim())
      .filter(Boolean)
      .join(' ') ||
    user.fullName.trim() ||
    user.email
  );
}

/** Dollars as the dashboard shows them: two decimals and thousands grouped, '$12,345.60' (docs/product.md, Constants). */
export const formatDollars = (dollars: number) => formatAmount(dollars, 'USD');

const centralDateTime = new Intl.DateTimeFormat('en-US', { timeZone: US_CENTRAL, dateStyle: 'medium', timeStyle: 'short' });

/** An instant in US Central time (docs/product.md, Data), e.g. 'Nov 22, 2026, 8:01 AM CT'. */
export const formatCentral = (date: Date) => `${centralDateTime.format(date)} CT`;
export const formatTimestamp = (t: Timestamp | null) => (t ? formatCentral(fromTimestamp(t)) : null);

/** A YYYY-MM-DD day moved by whole days (calendar arithmetic in UTC, so no time zone shifts it). */
export function addIsoDays(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

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
