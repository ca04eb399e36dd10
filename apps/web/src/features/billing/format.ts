import { formatCentralDate, normalizePlanId, type Plan, type PlanId } from '@app/shared';

/** A date from the API as the site shows it (shared formatCentralDate); null when missing or unreadable. */
export function formatApiDate(value: string | Date | null | undefined, style: 'long' | 'medium' = 'long'): string | null {
  if (!value) return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : formatCentralDate(date, style);
}

export type BadgeTone = 'success' | 'neutral' | 'danger' | 'muted';

/** The membership status as a badge: Active, Pending, Past due, Expired (other values as written). */
export function membershipStatus(status: string | null | undefined): { label: string; tone: BadgeTone } | null {
  const value = status
    ?.trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
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
