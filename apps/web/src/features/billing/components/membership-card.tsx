import { formatUsd, isActiveStatus, isMonthlyPlanId, messages, periodLabel, type PlanId, type UserProfile } from '@app/shared';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { Alert, Button, buttonClass, Card, ChunkStyles, Spinner, type AlertTone } from '../../../components/ui';
import { ApiError } from '../../../lib/api-client';
import { readItem, storageKeys } from '../../../lib/storage';
import { updateStoredUser } from '../../auth';
import { PlanPicker, PlansLoadError, clearSelectedPlan, usePlans } from '../../plans';
import { usePayments } from '../api/get-payments';
import { updatePlan } from '../api/update-plan';
import { buildCheckoutData, storeCheckoutPlan, type CheckoutState } from '../checkout-data';
import { formatApiDate, membershipStatus, resolvePlanChoice } from '../format';
import { CardBrandLogo, toCardBrand } from './card-brand-logo';
import { MembershipTermsPanel } from './membership-terms';
import { PaymentHistory } from './payment-history';
import { UpdateCard } from './update-card';
import membershipCss from './membership.css?inline';

interface Notice {
  tone: AlertTone;
  text: ReactNode;
  /** Shown next to the buttons that caused it: the card's actions or the chooser's. */
  at?: 'chooser';
}

/**
 * The profile's membership card (docs/product.md, Membership): the plan and its status, the inline plan chooser,
 * the way to checkout, and for active members the doctor connection; then the payment history.
 */
export function MembershipCard({ profile }: { profile: UserProfile }) {
  const navigate = useNavigate();
  const plans = usePlans();
  const payments = usePayments();
  const active = isActiveStatus(profile.subscriptionStatus);

  const [savedPlan, setSavedPlan] = useState<PlanId | null>(null);
  const currentPlanId = savedPlan ?? profile.subscriptionPlan ?? profile.planId ?? null;
  const plan = plans.data?.find((p) => p.id === currentPlanId) ?? null;
  // An active monthly member changes plan and cancels by the membership terms, in their own panel.
  const managedPlan = active && isMonthlyPlanId(currentPlanId) ? currentPlanId : null;

  // A plan picked on the home page (selectedPlan) that differs from the saved one opens the chooser with it.
  const [storedChoice, setStoredChoice] = useState(() => readItem('session', storageKeys.selectedPlan));
  const pendingChoice = active || !plans.data ? null : resolvePlanChoice(storedChoice, plans.data);
  const choice = pendingChoice && pendingChoice !== currentPlanId ? pendingChoice : null;

  const [openOverride, setOpenOverride] = useState<boolean | null>(null);
  const [selection, setSelection] = useState<PlanId | null>(null);
  const chooserOpen = !active && (openOverride ?? (!currentPlanId || !!choice));
  const selected: PlanId | '' = selection ?? choice ?? currentPlanId ?? '';

  const [notice, setNotice] = useState<Notice | null>(null);
  const [saving, setSaving] = useState(false);
  const noticeRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    noticeRef.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
  }, [notice]);

  function forgetStoredChoice() {
    clearSelectedPlan();
    setStoredChoice(null);
  }

  function changePlan() {
    if (active) {
      setNotice({ tone: 'warning', text: messages.planChangeRefused });
      return;
    }
    setNotice(null);
    setSelection(currentPlanId);
    setOpenOverride(true);
  }

  function cancelChooser() {
    setNotice(null);
    setSelection(null);
    setOpenOverride(false);
    forgetStoredChoice();
  }

  async function savePlan() {
    if (saving) return;
    if (!selected) {
      setNotice({ tone: 'error', text: messages.pickPlan, at: 'chooser' });
      return;
    }
    if (!profile.id) {
      setNotice({ tone: 'error', text: messages.missingAccount, at: 'chooser' });
      return;
    }
    setSaving(true);
    setNotice(null);
    try {
      const answer = await updatePlan(profile.id, selected);
      const saved = answer?.subscriptionPlan ?? selected;
      setSavedPlan(saved);
      updateStoredUser({ planId: saved, subscriptionPlan: saved });
      forgetStoredChoice();
      setSelection(null);
      setOpenOverride(false);
      setNotice({ tone: 'success', text: answer?.message || messages.planSaved });
    } catch (error) {
      setNotice({ tone: 'error', text: (error instanceof ApiError && error.serverMessage) || messages.planSaveFailed, at: 'chooser' });
    } finally {
      setSaving(false);
    }
  }

  function proceedToPayment() {
    const planId = chooserOpen ? selected : currentPlanId;
    if (!planId) {
      setNotice({ tone: 'error', text: messages.choosePlanBeforePayment });
      setOpenOverride(true);
      return;
    }
    const chosen = plans.data?.find((p) => p.id === planId);
    if (!chosen) {
      setNotice({ tone: 'error', text: plans.status === 'error' ? messages.plansLoadFailed : messages.choosePlanBeforePayment });
      return;
    }
    const checkoutData = buildCheckoutData(profile, chosen);
    storeCheckoutPlan(checkoutData.planId);
    const state: CheckoutState = { checkoutData };
    void navigate('/payment', { state });
  }

  const status = membershipStatus(profile.subscriptionStatus);
  const renewal = formatApiDate(profile.nextSubscriptionRenewDate);
  const ended = status?.label === 'Expired' ? formatApiDate(profile.subscriptionEndDate) : null;
  const card = profile.cardDetails?.last4 ? profile.cardDetails : null;
  const cardBrand = toCardBrand(card?.brand);

  return (
    <Card
      title="Membership"
      headingId="membership-title"
      className="membership"
      actions={status && <span className={`badge badge--${status.tone} membership__badge`}>{status.label}</span>}
    >
      <ChunkStyles name="membership" css={membershipCss} />
      <div className="membership__summary">
        <div className="membership__plan-block">
          <p className="membership__eyebrow">Your plan</p>
          {currentPlanId ? (
            <>
              <p className="membership__plan-name">
                {plan?.title ?? (plans.status === 'pending' ? <Spinner label="Loading plan…" /> : currentPlanId)}
              </p>
              {plan && (
                <p className="membership__price">
                  <strong>{formatUsd(plan.priceCents)}</strong>
                  <span>{periodLabel(plan)}</span>
                </p>
              )}
            </>
          ) : (
            <p className="membership__plan-name membership__plan-name--none">You have not chosen a plan yet.</p>
          )}
        </div>
        {(renewal || ended || card) && (
          <dl className="membership__facts">
            {renewal && (
              <div>
                <dt>Next renewal</dt>
                <dd>{renewal}</dd>
              </div>
            )}
            {ended && (
              <div>
                <dt>Ended on</dt>
                <dd>{ended}</dd>
              </div>
            )}
            {card && (
              <div>
                <dt>Payment card</dt>
                <dd className="membership__card">
                  {cardBrand && <CardBrandLogo brand={cardBrand} className="card-logo--sm" decorative />}
                  <span>
                    {cardBrand ?? card.brand ?? 'Card'} ending in {card.last4}
                  </span>
                </dd>
              </div>
            )}
          </dl>
        )}
      </div>

      <UpdateCard profile={profile} />

      <div className="membership__actions">
        {active ? (
          // A visit request, not the specification's notice that connecting has issues (decision 056).
          <Link to="/visits/new" className={buttonClass('primary')}>
            Connect with a Doctor Now
          </Link>
        ) : (
          <Button onClick={proceedToPayment} disabled={plans.status === 'pending'}>
            Proceed to Payment Gateway
          </Button>
        )}
        {!chooserOpen && !managedPlan && (
          <Button variant="secondary" onClick={changePlan}>
            Change Plan
          </Button>
        )}
      </div>

      {managedPlan && <MembershipTermsPanel plans={plans.data} currentPlanId={managedPlan} />}

      {notice && !notice.at && (
        <Alert ref={noticeRef} tone={notice.tone} className="membership__notice">
          {notice.text}
        </Alert>
      )}

      {chooserOpen && (
        <div className="membership__chooser">
          {plans.status === 'pending' && <Spinner label="Loading plans…" />}
          {plans.status === 'error' && <PlansLoadError onRetry={() => void plans.refetch()} />}
          {plans.data && (
            <>
              {choice && selected === choice && (
                <p className="membership__hint">
                  You picked <strong>{plans.data.find((p) => p.id === choice)?.title}</strong>. Save it as your plan, or go straight to
                  payment.
                </p>
              )}
              <PlanPicker
                plans={plans.data}
                value={selected}
                onChange={(id) => {
                  setSelection(id);
                  setNotice(null);
                }}
                name="membershipPlan"
                legend={currentPlanId ? 'Choose a different plan' : 'Choose your membership plan'}
              />
              <div className="membership__chooser-actions">
                <Button variant="secondary" onClick={savePlan} disabled={saving} busy={saving}>
                  {saving ? 'Saving…' : 'Save plan'}
                </Button>
                {currentPlanId && (
                  <Button variant="ghost" onClick={cancelChooser} disabled={saving}>
                    Cancel
                  </Button>
                )}
              </div>
              {notice?.at === 'chooser' && (
                <Alert ref={noticeRef} tone={notice.tone} className="membership__notice">
                  {notice.text}
                </Alert>
              )}
            </>
          )}
        </div>
      )}

      <PaymentHistory state={payments} />
    </Card>
  );
}
