import { formatUsd, type Plan } from '@app/shared';
import { Link } from 'react-router';
import { Alert, Button } from '../../../components/ui';
import { useStartVisitPath } from '../../auth';
import { storeSelectedPlan, usePlans } from '../../plans';

const ACCENTS = ['teal', 'blue', 'purple'] as const;

const periodWords = (plan: Plan) => (plan.period === 'month' ? 'per month' : 'per visit');
const periodShort = (plan: Plan) => (plan.period === 'month' ? '/mo' : '/visit');

function PlanTile({ plan, index, to }: { plan: Plan; index: number; to: string }) {
  const titleId = `plan-tile-${plan.id}`;
  return (
    <li className="plan-tile" data-accent={ACCENTS[index % ACCENTS.length]} data-plan={plan.id}>
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

function PlanSkeletons() {
  return (
    <div className="plan-grid" aria-busy="true">
      <p className="sr-only" role="status">
        Loading plans…
      </p>
      {ACCENTS.map((accent) => (
        <div key={accent} className="plan-tile plan-tile--skeleton" data-accent={accent} aria-hidden="true">
          <span className="skeleton skeleton--badge" />
          <span className="skeleton skeleton--title" />
          <span className="skeleton skeleton--price" />
          <span className="skeleton skeleton--line" />
          <span className="skeleton skeleton--line" />
          <span className="skeleton skeleton--line skeleton--short" />
          <span className="skeleton skeleton--button" />
        </div>
      ))}
    </div>
  );
}

/** Plans Designed For Every Stage Of Care (#plans): one card per plan of GET /api/plans. */
export function PlansSection() {
  const plans = usePlans();
  const to = useStartVisitPath();
  return (
    <section id="plans" className="section section--tinted" aria-labelledby="plans-title">
      <div className="section__inner">
        <header className="section__header">
          <p className="section__eyebrow">Plans and pricing</p>
          <h2 id="plans-title">Plans Designed For Every Stage Of Care</h2>
          <p className="section__intro">
            Flexible pricing lets individuals, families and single-visit guests stay connected to virtual doctors without surprise fees.
          </p>
        </header>
        {plans.status === 'pending' && <PlanSkeletons />}
        {plans.status === 'error' && (
          <Alert tone="warning" title="We couldn’t load our plans just now." className="plans__error">
            <p>Please check your connection and try again. You can also call us any time to join by phone.</p>
            <Button variant="secondary" size="sm" onClick={() => void plans.refetch()}>
              Try again
            </Button>
          </Alert>
        )}
        {plans.status === 'success' && (
          <ul className="plan-grid">
            {plans.data.map((plan, index) => (
              <PlanTile key={plan.id} plan={plan} index={index} to={to} />
            ))}
          </ul>
        )}
        <p className="plans__footnote">
          *Limited offer: introductory prices for a limited time. The struck-through amount is the regular listed price; the price you pay
          is always shown before checkout. Monthly memberships renew every 30 days until cancelled; see our{' '}
          <Link to="/terms-of-service">Terms and Conditions</Link> for cancellation rules.
        </p>
      </div>
    </section>
  );
}
