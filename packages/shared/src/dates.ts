import { MIN_AGE_YEARS } from './auth';
import { messages } from './messages';

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A calendar date as YYYY-MM-DD, in the given day's local calendar. */
export const toIsoDate = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

/** Parses YYYY-MM-DD into a local date, or null when it names no real day (2025-02-30). */
export function parseIsoDate(value: string): Date | null {
  const match = ISO_DATE.exec(value);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(year, month - 1, day);
  if (date.getFullYear() !== year || date.getMonth() !== month - 1 || date.getDate() !== day) return null;
  if (year < 1900) return null;
  return date;
}

/** A YYYY-MM-DD day moved by whole days (calendar arithmetic in UTC, so no time zone shifts it). */
export function addIsoDays(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** A YYYY-MM month moved by whole months. */
export function addIsoMonths(month: string, months: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m - 1 + months, 1)).toISOString().slice(0, 7);
}

/** The last day of a YYYY-MM month, as YYYY-MM-DD. */
export const lastDayOfMonth = (month: string) => addIsoDays(`${addIsoMonths(month, 1)}-01`, -1);

/** The ranges an admin picks in one press, over America/Chicago days. */
export const QUICK_RANGES = [
  { id: 'thisMonth', label: 'This month' },
  { id: 'lastMonth', label: 'Last month' },
  { id: 'last12Months', label: 'Last 12 months' },
] as const;
export type QuickRangeId = (typeof QUICK_RANGES)[number]['id'];

/** A quick range's first and last day (both included) as seen on `today`: this month and the last 12 run to today. */
export function quickRangeDays(id: QuickRangeId, today: string): { from: string; to: string } {
  const month = today.slice(0, 7);
  switch (id) {
    case 'thisMonth':
      return { from: `${month}-01`, to: today };
    case 'lastMonth': {
      const last = addIsoMonths(month, -1);
      return { from: `${last}-01`, to: lastDayOfMonth(last) };
    }
    case 'last12Months':
      return { from: `${addIsoMonths(month, -11)}-01`, to: today };
  }
}

/**
 * The years of every day and month an admin asks about or records: analytics and expense filters,
 * profit months, an expense's spent date. Every date the product keeps falls in them, and a day, its
 * month's end and the 29 days the analytics series reads before it stay well inside what Postgres's
 * date and timestamp types take (year 0, for one, is none of them).
 */
export const BUSINESS_YEARS = { first: 1970, last: 2100 } as const;
export const isBusinessYear = (year: number) => year >= BUSINESS_YEARS.first && year <= BUSINESS_YEARS.last;

/** Why YYYY-MM-DD cannot be a date of birth (no real day from 1900 on, or after today), or null when it can. */
export function birthDateProblem(value: string, today: Date = new Date()): string | null {
  if (!parseIsoDate(value)) return messages.dobInvalid;
  return value > toIsoDate(today) ? messages.dobFuture : null;
}

/** Age in whole years on a day (its UTC calendar), from an ISO date of birth; null when the date is no real day. */
export function ageOn(dob: string | null, today: Date): number | null {
  if (!dob || !parseIsoDate(dob)) return null;
  const [year, month, day] = dob.split('-').map(Number) as [number, number, number];
  const beforeBirthday = today.getUTCMonth() + 1 < month || (today.getUTCMonth() + 1 === month && today.getUTCDate() < day);
  return today.getUTCFullYear() - year - (beforeBirthday ? 1 : 0);
}

/** The latest date of birth allowed to sign up: today minus 18 years (29 Feb falls back to 28 Feb). */
export function latestAdultBirthDate(today: Date = new Date()): string {
  const year = today.getFullYear() - MIN_AGE_YEARS;
  const month = today.getMonth();
  const lastDay = new Date(year, month + 1, 0).getDate();
  return toIsoDate(new Date(year, month, Math.min(today.getDate(), lastDay)));
}

const pad2 = (n: number) => String(Math.abs(n)).padStart(2, '0');

/** The local wall-clock time with its UTC offset, as 2026-11-22T08:01:02-06:00. */
export function localTimestamp(date: Date = new Date()): string {
  const offset = -date.getTimezoneOffset();
  const sign = offset >= 0 ? '+' : '-';
  const time = `${pad2(date.getHours())}:${pad2(date.getMinutes())}:${pad2(date.getSeconds())}`;
  return `${toIsoDate(date)}T${time}${sign}${pad2(Math.trunc(offset / 60))}:${pad2(offset % 60)}`;
}

export const US_CENTRAL = 'America/Chicago';

// Building an Intl formatter costs far more than using one, so each is built once.
const centralDateFormats = {
  long: new Intl.DateTimeFormat('en-US', { timeZone: US_CENTRAL, dateStyle: 'long' }),
  medium: new Intl.DateTimeFormat('en-US', { timeZone: US_CENTRAL, dateStyle: 'medium' }),
};
const centralDayOfYearFormat = new Intl.DateTimeFormat('en-US', { timeZone: US_CENTRAL, month: 'long', day: 'numeric' });
const centralDayFormat = new Intl.DateTimeFormat('en-CA', { timeZone: US_CENTRAL });
const centralPartsFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: US_CENTRAL,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** A day as the site writes it, on the US Central calendar: 'December 22, 2026' (long) or 'Dec 22, 2026' (medium). */
export const formatCentralDate = (date: Date, style: 'long' | 'medium' = 'long') => centralDateFormats[style].format(date);
/** A day of the coming months without its year, on the US Central calendar: 'December 22'. */
export const formatCentralDay = (date: Date) => centralDayOfYearFormat.format(date);

/** The US Central calendar day of an instant, as YYYY-MM-DD. */
export const centralDay = (date: Date) => centralDayFormat.format(date);

/**
 * The instant a YYYY-MM-DD day starts on the US Central calendar, or null when it names no real day.
 * A day the business keeps (an expense's spent date) is stored as this instant, so the day typed is the
 * day filtered, exported and grouped, whatever the time zone of the browser it was typed in.
 */
export function centralMidnight(day: string): Date | null {
  const match = ISO_DATE.exec(day);
  if (!match) return null;
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])];
  // Central midnight is 05:00 UTC in daylight time and 06:00 UTC in standard time; clocks change at 02:00, never at midnight.
  for (const utcHour of [5, 6]) {
    const instant = new Date(Date.UTC(year, month - 1, date, utcHour));
    if (centralDay(instant) === day && toCentralIso(instant).slice(11, 19) === '00:00:00') return instant;
  }
  return null;
}

/** An instant as ISO 8601 in US Central time with its offset, e.g. 2026-11-22T08:01:02-06:00. */
export function toCentralIso(date: Date): string {
  const parts = Object.fromEntries(centralPartsFormat.formatToParts(date).map((p) => [p.type, p.value]));
  const wall = Date.UTC(+parts.year!, +parts.month! - 1, +parts.day!, +parts.hour!, +parts.minute!, +parts.second!);
  const offsetMinutes = Math.round((wall - Math.floor(date.getTime() / 1000) * 1000) / 60_000);
  const sign = offsetMinutes >= 0 ? '+' : '-';
  const abs = Math.abs(offsetMinutes);
  const offset = `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}${offset}`;
}
