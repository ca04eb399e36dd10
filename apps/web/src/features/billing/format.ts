import { US_CENTRAL, normalizePlanId, type Plan, type PlanId } from '@app/shared';

/** A date as the site shows it, on the US Central calendar: 'December 22, 2026'. Null when unreadable. */
export function formatCentralDate(value: string | Date | null | undefined): string | null {
  if (!value) return null;
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  return date.toLocaleDateString('en-US', { timeZone: US_CENTRAL, dateStyle: 'long' });
}

/** Short form for tables: 'Dec 22, 2026'. */
export function formatCentralShortDate(value: string | null | undefined): string | null {
  if (!value) return null;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  return date.toLocaleDateString('en-US', { timeZone: US_CENTRAL, dateStyle: 'medium' });
}

/** A subscription is active when its status reads 'active', in any case (spec 1 §4). */
export const isActiveStatus = (status: string | null | undefined) => status?.trim().toLowerCase() === 'active';

export type BadgeTone = 'success' | 'neutral' | 'danger' | 'muted';

/** The membership status as a badge: Active, Pending, Past due, Expired (other values as written). */
export function membershipStatus(status: string | null | undefined): { label: string; tone: BadgeTone } | null {
  const value = status?.trim().toLowerCase().replace(/[\s-]+/g, '_');
  if (!value) return null;
  switch (value) {
    case 'active':
      return { label: 'Active', tone: 'success' };
    case 'pending':
      return { label: 'Pending', tone: 'neutral' };
    case 'past_due':
      return { label: 'Past due', tone: 'danger' };
    case 'expired':
      return { label: 'Expired', tone: 'muted' };
    default: {
      const words = value.replace(/_/g, ' ');
      return { label: words.charAt(0).toUpperCase() + words.slice(1), tone: 'muted' };
    }
  }
}

/** A stored plan choice (an id in any spelling, or a plan's title) as a plan id, if it names one. */
export function resolvePlanChoice(raw: string | null | undefined, plans: readonly Plan[]): PlanId | null {
  if (!raw?.trim()) return null;
  const id = normalizePlanId(raw);
  if (id) return plans.some((p) => p.id === id) || plans.length === 0 ? id : null;
  const title = raw.trim().toLowerCase();
  return plans.find((p) => p.title.toLowerCase() === title)?.id ?? null;
}

export const MEMBERSHIP_TERM_DAYS = 30;
export const addDays = (date: Date, days: number) => new Date(date.getTime() + days * 86_400_000);
