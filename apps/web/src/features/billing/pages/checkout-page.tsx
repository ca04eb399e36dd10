import { autoRenewalTerms, formatUsd, type Plan, type PlanId } from '@app/shared';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { PageTitle } from '../../../components/layout/page-title';
import { Alert, Button, ChunkStyles, Spinner } from '../../../components/ui';
import { brand } from '../../../lib/brand';
import { useValidatedForm } from '../../../lib/use-validated-form';
import { useMe, useSession } from '../../auth';
import { usePlans } from '../../plans';
import { buildCheckoutData, clearCheckoutData, readCheckoutData, readStoredCheckoutPlan, type CheckoutData } from '../checkout-data';
import { CHECKOUT_FIELD_ORDER, checkoutFieldId, initialCheckoutValues, validateCheckoutField, type CheckoutValues } from '../checkout-form';
import { BillingAddressFields, ContactFields } from '../components/billing-address-fields';
import { CardFields } from '../components/card-fields';
import { LockIcon, ShieldIcon } from '../components/card-brand-logo';
import { CheckoutSuccess } from '../components/checkout-success';
import { OrderSummary } from '../components/order-summary';
import { useCheckoutSubmission } from '../use-checkout-submission';
import checkoutCss from './checkout.css?inline';

/** With no checkout data, /payment goes back to the profile after this delay (docs/product.md, Checkout). */
const MISSING_CHECKOUT_REDIRECT_MS = 250;

export default function CheckoutPage() {
  const location = useLocation();
  const [start] = useState(() => readCheckoutData(location.state) ?? readStoredCheckoutPlan());
  if (!start) return <PreparingCheckout backToProfile />;
  if (typeof start === 'string') return <CheckoutFromProfile planId={start} />;
  return <Checkout data={start} />;
}

/** After a reload only the plan is known: who pays comes from the profile, the plan from the catalogue. */
function CheckoutFromProfile({ planId }: { planId: PlanId }) {
  const profile = useMe();
  const plans = usePlans();
  const plan = plans.data?.find((p) => p.id === planId);
  if (profile.data && plan) return <Checkout data={buildCheckoutData(profile.data, plan)} />;
  const failed = profile.status === 'error' || plans.status === 'error' || (plans.status === 'success' && !plan);
  return <PreparingCheckout backToProfile={failed} />;
}

/** The checkout is being prepared; without what it needs, it goes back to the profile after a moment. */
function PreparingCheckout({ backToProfile = false }: { backToProfile?: boolean }) {
  const navigate = useNavigate();
  useEffect(() => {
    if (!backToProfile) return;
    const timer = setTimeout(() => void navigate('/profile', { replace: true }), MISSING_CHECKOUT_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [navigate, backToProfile]);
  return (
    <div className="page-fallback">
      <PageTitle>Secure Checkout</PageTitle>
      <h1 className="sr-only">Secure Checkout</h1>
      <Spinner label="Preparing checkout…" />
    </div>
  );
}

/** The checkout: order summary beside the form (contact, billing address, card), then the receipt. */
function Checkout({ data }: { data: CheckoutData }) {
  const navigate = useNavigate();
  const session = useSession();
  const plans = usePlans();
  const plan: Plan | null = plans.data?.find((p) => p.id === data.planId) ?? null;
  const formRef = useRef<HTMLFormElement>(null);
  const form = useValidatedForm<CheckoutValues>({
    initialValues: () => initialCheckoutValues(data, session.user?.email ?? ''),
    fieldOrder: CHECKOUT_FIELD_ORDER,
    validateField: validateCheckoutField,
    formRef,
    fieldId: checkoutFieldId,
  });
  const { busy, topError, receipt, submit } = useCheckoutSubmission(data, plan, form);
  const topErrorRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (topError) topErrorRef.current?.scrollIntoView?.({ behavior: 'smooth', block: 'center' });
  }, [topError]);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    void submit();
  }

  function cancel() {
    clearCheckoutData();
    void navigate('/profile');
  }

  const price = plan ? formatUsd(plan.priceCents) : null;
  return (
    <div className="checkout">
      <ChunkStyles name="checkout" css={checkoutCss} />
      <PageTitle>Secure Checkout</PageTitle>
      <header className="checkout__header">
        <p className="checkout__eyebrow">
          <LockIcon /> {brand.name}
        </p>
        <h1>Secure Checkout</h1>
        <p className="checkout__lead">
          <ShieldIcon className="checkout__shield" />
          <span>
            <strong>Payments are encrypted.</strong> We never store your full card number or CVC.
          </span>
        </p>
      </header>

      <div className="checkout__grid">
        <OrderSummary plans={plans} plan={plan} planMissing={plans.status === 'success' && !plan} paid={receipt !== null} />
        <section className="checkout__panel" aria-labelledby="checkout-form-title">
          {receipt ? (
            <CheckoutSuccess receipt={receipt} />
          ) : (
            <>
              <h2 id="checkout-form-title" className="checkout__form-title">
                Complete your subscription
              </h2>
              <form ref={formRef} className="checkout__form" noValidate onSubmit={onSubmit} aria-labelledby="checkout-form-title">
                <ContactFields form={form} />
                <BillingAddressFields form={form} />
                <CardFields form={form} />
                {topError && (
                  <Alert ref={topErrorRef} tone="error" className="checkout__error">
                    {topError}
                  </Alert>
                )}
                {/* The auto-renewal terms stand next to the button that agrees to them; the purchase keeps these words. */}
                <p className="checkout__fineprint" id="checkout-renewal-terms">
                  {plan?.period === 'month' ? autoRenewalTerms(plan) : 'You are charged once for this visit.'}
                </p>
                <div className="checkout__actions">
                  <Button
                    type="submit"
                    block
                    busy={busy}
                    disabled={busy || !plan}
                    className="checkout__pay"
                    aria-describedby="checkout-renewal-terms"
                  >
                    {busy ? (
                      'Processing…'
                    ) : (
                      <>
                        <LockIcon /> {price ? `Pay ${price}` : 'Pay'}
                      </>
                    )}
                  </Button>
                  <Button variant="ghost" block onClick={cancel} disabled={busy}>
                    Cancel
                  </Button>
                </div>
              </form>
            </>
          )}
        </section>
      </div>
    </div>
  );
}
