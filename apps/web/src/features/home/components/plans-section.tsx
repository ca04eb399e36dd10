import { Suspense, lazy } from 'react';
import { Link } from 'react-router';
import { nearViewport } from './near-viewport';
import { PlanSkeletons } from './plan-skeletons';

/**
 * The cards and the data layer they are fetched through come when the section nears the screen (at
 * once on a client-side visit): the home page starts without them. Until then the prerendered
 * skeletons stay.
 */
const PlanList = lazy(() => nearViewport('plans').then(() => import('./plan-list')));

/** Plans Designed For Every Stage Of Care (#plans): one card per plan of GET /api/plans. */
export function PlansSection() {
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
        <Suspense fallback={<PlanSkeletons />}>
          <PlanList />
        </Suspense>
        <p className="plans__footnote">
          *Limited offer: introductory prices for a limited time. The struck-through amount is the regular listed price; the price you pay
          is always shown before checkout. Monthly memberships renew every 30 days until cancelled; see our{' '}
          <Link to="/terms-of-service">Terms and Conditions</Link> for cancellation rules.
        </p>
      </div>
    </section>
  );
}
