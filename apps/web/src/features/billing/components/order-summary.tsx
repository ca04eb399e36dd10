import { addDays, formatUsd, MEMBERSHIP_TERM_DAYS, messages, periodLabel, type Plan } from '@app/shared';
import type { UseQueryResult } from '@tanstack/react-query';
import { Alert, Spinner } from '../../../components/ui';
import { brand } from '../../../lib/brand';
import { PlansLoadError } from '../../plans';
import { formatApiDate } from '../format';
import { LockIcon, ShieldIcon } from './card-brand-logo';

interface OrderSummaryProps {
  plans: Pick<UseQueryResult<Plan[]>, 'status' | 'refetch'>;
  /** The plan being bought, once the catalogue has it. */
  plan: Plan | null;
  /** The catalogue loaded but has no such plan. */
  planMissing: boolean;
  paid: boolean;
}

/** The checkout's side panel: the plan, what it includes, what is due today and when it renews. */
export function OrderSummary({ plans, plan, planMissing, paid }: OrderSummaryProps) {
  const renewalPreview = plan?.period === 'month' ? formatApiDate(addDays(new Date(), MEMBERSHIP_TERM_DAYS)) : null;
  return (
    <aside className="checkout__summary" aria-labelledby="order-summary-title">
      <h2 id="order-summary-title" className="checkout__summary-title">
        Order summary
      </h2>
      {plans.status === 'pending' && <Spinner label="Loading your plan…" />}
      {plans.status === 'error' && <PlansLoadError onRetry={() => void plans.refetch()} />}
      {planMissing && <Alert tone="error">{messages.choosePlanBeforePayment}</Alert>}
      {plan && (
        <>
          <div className="checkout__plan">
            <div>
              <p className="checkout__plan-name">{plan.title}</p>
              <p className="checkout__plan-desc">{plan.description}</p>
            </div>
            <p className="checkout__plan-price">
              <strong>{formatUsd(plan.priceCents)}</strong>
              <span>{periodLabel(plan)}</span>
            </p>
          </div>
          {plan.features.length > 0 && (
            <ul className="checkout__features" aria-label={`${plan.title} includes`}>
              {plan.features.map((feature) => (
                <li key={feature}>{feature}</li>
              ))}
            </ul>
          )}
          <dl className="checkout__totals">
            <div>
              <dt>Billing</dt>
              <dd>{plan.period === 'month' ? `Every ${MEMBERSHIP_TERM_DAYS} days` : 'One-time payment'}</dd>
            </div>
            {renewalPreview && !paid && (
              <div>
                <dt>Next charge</dt>
                <dd>{renewalPreview}</dd>
              </div>
            )}
            <div className="checkout__total">
              <dt>{paid ? 'Paid today' : 'Due today'}</dt>
              <dd>{formatUsd(plan.priceCents)}</dd>
            </div>
          </dl>
        </>
      )}
      <ul className="checkout__trust">
        <li>
          <LockIcon /> Card details travel over an encrypted connection
        </li>
        <li>
          <ShieldIcon /> Card number and CVC are never stored
        </li>
      </ul>
      <p className="checkout__help">
        Questions? Call <a href={brand.supportPhoneHref}>{brand.supportPhone}</a> or e-mail{' '}
        <a href={`mailto:${brand.supportEmail}`}>{brand.supportEmail}</a>.
      </p>
    </aside>
  );
}
