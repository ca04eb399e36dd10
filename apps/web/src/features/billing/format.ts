import { formatCentralDate, normalizePlanId, type Plan, type PlanId, type SubscriptionStatus } from '@app/shared';

/** A date from the API as the site shows it (shared formatCentralDate); null when missing or unreadable. */
export function formatApiDate(value: string | Date | null | undefined, style: 'long' | 'medium' = 'long'): string | null {
  if (!value) return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : formatCentralDate(date, style);
}

type BadgeTone = 'success' | 'neutral' | 'danger' | 'muted';

const STATUS_BADGES: Record<SubscriptionStatus, { label: string; tone: BadgeTone }> = {
  pending: { label: 'Pending', tone: 'neutral' },
  active: { label: 'Active', tone: 'success' },
  past_due: { label: 'Past due', tone: 'danger' },
  cancelled: { label: 'Cancelled', tone: 'muted' },
  expired: { label: 'Expired', tone: 'muted' },
};

/** The badge of a membership status, as the server answers it; none without a status. */
export const membershipStatus = (status: SubscriptionStatus | null | undefined) => (status ? STATUS_BADGES[status] : null);

/** A stored plan choice (an id in any spelling, or a plan's title) as a plan id, if it names one. */
export function resolvePlanChoice(raw: string | null | undefined, plans: readonly Plan[]): PlanId | null {
  if (!raw?.trim()) return null;
  const id = normalizePlanId(raw);
  if (id) return plans.some((p) => p.id === id) || plans.length === 0 ? id : null;
  const title = raw.trim().toLowerCase();
  return plans.find((p) => p.title.toLowerCase() === title)?.id ?? null;
}
