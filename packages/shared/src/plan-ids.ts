/**
 * Plan ids and the plan shape, without zod: the browser's public pages import these
 * and should not download the schema library for them.
 */
export const PLAN_IDS = ['individualMonthly', 'familyMonthly', 'oneTimeVisit'] as const;
export type PlanId = (typeof PLAN_IDS)[number];

/**
 * Reads any spelling the old site used ('onetimevisit') as the plan id, for values from outside: a
 * request body, a link, browser storage. Stored plan ids are already exact (decision 045).
 */
export function normalizePlanId(value: string): PlanId | null {
  const lower = value.trim().toLowerCase();
  return PLAN_IDS.find((id) => id.toLowerCase() === lower) ?? null;
}

/** A plan as GET /api/plans serves it: the one source of prices for the whole site. */
export interface Plan {
  id: PlanId;
  title: string;
  /** Price charged, in US cents. */
  priceCents: number;
  /** Listed price shown struck through, in US cents. */
  oldPriceCents: number;
  offer: string;
  period: 'month' | 'visit';
  description: string;
  features: string[];
}

export const periodLabel = (plan: Pick<Plan, 'period'>) => (plan.period === 'month' ? '/mo' : '/visit');
