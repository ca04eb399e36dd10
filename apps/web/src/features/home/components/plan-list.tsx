import { formatUsd, type Plan } from '@app/shared';
import { Link } from 'react-router';
import { Alert, Button } from '../../../components/ui';
import DataLayer from '../../../lib/data-layer';
import { useSession } from '../../auth';
import { storeSelectedPlan, usePlans } from '../../plans';
import { PLAN_ACCENTS } from './plan-accents';
import { PlanSkeletons } from './plan-skeletons';

const periodWords = (plan: Plan) => (plan.period === 'month' ? 'per month' : 'per visit');
const periodShort = (plan: Plan) => (plan.period === 'month' ? '/mo' : '/visit');

function PlanTile({ plan, index, to }: { plan: Plan; index: number; to: string }) {
  const titleId = `plan-tile-${plan.id}`;
  return (
    <li className="plan-tile" data-accent={PLAN_ACCENTS[index % PLAN_ACCENTS.length]} data-plan={plan.id}>
      <span className="plan-tile__badge">{plan.offer || 'Limited offer*'}</span>
      <h3 id={titleId}>{plan.title}</h3>
      <p className="plan-tile__price">
        {plan.oldPriceCents > plan.priceCents && (
          <s className="plan-tile__old">
            <span className="sr-only">Regular price </span>
            {formatUsd(plan.oldPriceCents)}
          </s>
        )}
        <span className="plan-tile__now">
          <span className="sr-only">Now </span>
          <strong className="plan-tile__amount">{formatUsd(plan.priceCents)}</strong>
          <span className="plan-tile__period" aria-hidden="true">
            {periodShort(plan)}
          </span>
          <span className="sr-only"> {periodWords(plan)}</span>
        </span>
      </p>
      <p className="plan-tile__desc">{plan.description}</p>
      <ul className="check-list plan-tile__features">
        {plan.features.map((feature) => (
          <li key={feature}>{feature}</li>
        ))}
      </ul>
      <Link className="btn btn--primary btn--block plan-tile__choose" to={to} onClick={() => storeSelectedPlan(plan.id)}>
        Choose<span className="sr-only"> {plan.title}</span>
      </Link>
    </li>
  );
}

function Plans() {
  const plans = usePlans();
  // A plan is chosen on the profile once signed in.
  const to = useSession().signedIn ? '/profile' : '/consult';
  if (plans.status === 'pending') return <PlanSkeletons />;
  if (plans.status === 'error')
    return (
      <Alert tone="warning" title="We couldn’t load our plans just now." className="plans__error">
        <p>Please check your connection and try again. You can also call us any time to join by phone.</p>
        <Button variant="secondary" size="sm" onClick={() => void plans.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  return (
    <ul className="plan-grid">
      {plans.data.map((plan, index) => (
        <PlanTile key={plan.id} plan={plan} index={index} to={to} />
      ))}
    </ul>
  );
}

/** One card per plan of GET /api/plans, with the data layer they are fetched through. */
export default function PlanList() {
  return (
    <DataLayer>
      <Plans />
    </DataLayer>
  );
}
