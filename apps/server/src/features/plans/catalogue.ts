import { cancelAfterLine, type Plan, type PlanId } from '@app/shared';

/** The plan catalogue: the one source of every price the site shows or charges. */
export const planCatalogue: readonly Plan[] = [
  {
    id: 'individualMonthly',
    title: 'Individual Monthly',
    priceCents: 2999,
    oldPriceCents: 3999,
    offer: 'Limited offer*',
    period: 'month',
    description: 'Unlimited 24/7 virtual visits for one adult, with no per-visit fees.',
    features: [
      'Unlimited 24/7 doctor visits by phone or video',
      'E-prescriptions sent to your pharmacy',
      'Primary care, urgent care and behavioural health',
      'Personal electronic health record and patient portal',
      cancelAfterLine('individualMonthly'),
    ],
  },
  {
    id: 'familyMonthly',
    title: 'Family Monthly',
    priceCents: 4999,
    oldPriceCents: 5999,
    offer: 'Limited offer*',
    period: 'month',
    description: 'Unlimited 24/7 virtual visits for you, your partner and your children.',
    features: [
      'Everything in Individual Monthly for the whole household',
      'Free pediatric visits for children aged 2-17',
      'One account to manage every family member',
      'Caregivers can book for dependents',
      cancelAfterLine('familyMonthly'),
    ],
  },
  {
    id: 'oneTimeVisit',
    title: 'One Time Visit',
    priceCents: 5999,
    oldPriceCents: 6999,
    offer: 'Limited offer*',
    period: 'visit',
    description: 'A single virtual visit with a board-certified doctor, with no membership.',
    features: [
      'One consultation by phone or video',
      'E-prescription if the doctor finds it appropriate',
      'After-visit summary in your patient portal',
      'No recurring charges',
    ],
  },
];

export function findPlan(id: PlanId): Plan {
  const plan = planCatalogue.find((p) => p.id === id);
  if (!plan) throw new Error(`Unknown plan ${id}`);
  return plan;
}
