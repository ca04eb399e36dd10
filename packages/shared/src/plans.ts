import { z } from 'zod';

export const PLAN_IDS = ['individualMonthly', 'familyMonthly', 'oneTimeVisit'] as const;
export type PlanId = (typeof PLAN_IDS)[number];

/** Reads any spelling the old site used ('onetimevisit') as the canonical plan id. */
export function normalizePlanId(value: string): PlanId | null {
  const lower = value.trim().toLowerCase();
  return PLAN_IDS.find((id) => id.toLowerCase() === lower) ?? null;
}

export const planIdSchema = (message: string) =>
  z
    .string({ error: message })
    .transform((v, ctx) => {
      const id = normalizePlanId(v);
      if (!id) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return id;
    });

/** A plan as GET /api/plans serves it: the one source of prices for the whole site. */
export interface Plan {
  id: PlanId;
  title: string;
  /** Price charged, in US dollars. */
  price: number;
  /** Listed price shown struck through, in US dollars. */
  oldPrice: number;
  offer: string;
  period: 'month' | 'visit';
  description: string;
  features: string[];
}

export const formatUsd = (amount: number) => `$${amount.toFixed(2)}`;
export const periodLabel = (plan: Pick<Plan, 'period'>) => (plan.period === 'month' ? '/mo' : '/visit');
