import { addDays, detectCardBrand, formatUsd, MEMBERSHIP_TERM_DAYS, messages, periodLabel, type Plan } from '@app/shared';
import { useEffect, useLayoutEffect, useRef, useState, type ChangeEvent, type FormEvent, type InputHTMLAttributes } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { PageTitle } from '../../../components/layout/PageTitle';
import { Alert, Button, FieldFrame, Spinner, describedBy } from '../../../components/ui';
import { ApiError } from '../../../lib/api-client';
import { brand as siteBrand } from '../../../lib/brand';
import { updateStoredUser, useEndSession, useSession } from '../../auth';
import { PlansLoadError, clearSelectedPlan, usePlans } from '../../plans';
import { getMe } from '../../auth';
import { subscribe } from '../api/subscribe';
import { clearCheckoutData, readCheckoutData, type CheckoutData } from '../checkoutData';
import {
  CHECKOUT_FIELD_ORDER,
  CHECKOUT_LABELS,
  buildSubscriptionRequest,
  caretAfterDigits,
  checkoutFieldId,
  filterCardNumber,
  filterCvc,
  filterExpiry,
  groupCardNumber,
  initialCheckoutValues,
  serverFieldErrors,
  validateCheckout,
  validateCheckoutField,
  type CheckoutField,
  type CheckoutValues,
} from '../checkoutForm';
import { CARD_BRANDS, CardBrandLogo, GenericCardIcon, LockIcon, ShieldIcon } from '../components/CardBrandLogo';
import { formatApiDate } from '../format';
import './checkout.css';

/** With no checkout data, /payment goes back to the profile after this delay (spec 1 §2.12). */
const MISSING_CHECKOUT_REDIRECT_MS = 250;

/** Statuses after which the same submission may be sent again under the same Idempotency-Key. */
const NO_ANSWER_YET = new Set([0, 408, 409, 504]);

type Errors = Partial<Record<CheckoutField, string>>;

interface Attempt {
  key: string;
  startedAt: Date;
}

interface Success {
  message: string;
  renewal: string | null;
  planTitle: string;
  amount: string;
  card: string;
  email: string;
}

export default function CheckoutPage() {
  const location = useLocation();
  const [data] = useState(() => readCheckoutData(location.state));
  if (!data) return <PreparingCheckout />;
  return <Checkout data={data} />;
}

/** No checkout data: say so briefly, then back to the profile. */
function PreparingCheckout() {
  const navigate = useNavigate();
  useEffect(() => {
    const timer = setTimeout(() => navigate('/profile', { replace: true }), MISSING_CHECKOUT_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [navigate]);
  return (
    <div className="page-fallback">
      <PageTitle>Secure Checkout</PageTitle>
      <h1 className="sr-only">Secure Checkout</h1>
      <Spinner label="Preparing checkout…" />
    </div>
  );
}

function Checkout({ data }: { data: CheckoutData }) {
  const navigate = useNavigate();
  const endSession = useEndSession();
  const session = useSession();
  const plans = usePlans();
  const plan: Plan | null = plans.data?.find((p) => p.id === data.planId) ?? null;
  const planMissing = plans.status === 'success' && !plan;

  const [values, setValues] = useState<CheckoutValues>(() => initialCheckoutValues(data, session.user?.email ?? ''));
  const [errors, setErrors] = useState<Errors>({});
  const [topError, setTopError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [success, setSuccess] = useState<Success | null>(null);
  // One Idempotency-Key per submission: kept while the same values are retried after no answer,
  // dropped as soon as any field changes or the server has answered.
  const attempt = useRef<Attempt | null>(null);
  const topErrorRef = useRef<HTMLDivElement>(null);
  const successRef = useRef<HTMLHeadingElement>(null);
  const cardInput = useRef<HTMLInputElement>(null);
  const cardCaret = useRef<number | null>(null);

  const cardBrand = detectCardBrand(values.cardNumber);
  const cardShown = groupCardNumber(values.cardNumber);

  useLayoutEffect(() => {
    const input = cardInput.current;
    if (cardCaret.current === null || !input || document.activeElement !== input) return;
    const at = caretAfterDigits(cardShown, cardCaret.current);
    cardCaret.current = null;
    input.setSelectionRange(at, at);
  }, [cardShown]);

  useEffect(() => {
    if (topError) topErrorRef.current?.scrollIntoView?.({ behavior: 'smooth', block: 'center' });
  }, [topError]);

  useEffect(() => {
    if (success) successRef.current?.focus();
  }, [success]);

  function update(name: CheckoutField, value: string) {
    const next = { ...values, [name]: value };
    setValues(next);
    attempt.current = null;
    setErrors((current) => {
      let changed = current;
      // A shown error follows the field as it is corrected; new errors wait for blur or submit.
      for (const field of name === 'cardNumber' ? (['cardNumber', 'cvc'] as const) : [name]) {
        if (!changed[field]) continue;
        const message = validateCheckoutField(field, next);
        changed = { ...changed, [field]: message ?? undefined };
      }
      return changed;
    });
  }

  const onBlur = (name: CheckoutField) => () => {
    const message = validateCheckoutField(name, values);
    setErrors((current) => (current[name] === (message ?? undefined) ? current : { ...current, [name]: message ?? undefined }));
  };

  function onCardNumberChange(event: ChangeEvent<HTMLInputElement>) {
    const raw = event.target.value;
    const caret = event.target.selectionStart ?? raw.length;
    cardCaret.current = raw.slice(0, caret).replace(/\D/g, '').length;
    update('cardNumber', filterCardNumber(raw));
  }

  function focusField(name: CheckoutField) {
    const element = document.getElementById(checkoutFieldId(name));
    if (!element) return;
    element.scrollIntoView?.({ behavior: 'smooth', block: 'center' });
    element.focus({ preventScroll: true });
  }

  function showFieldErrors(found: Errors) {
    setErrors(found);
    const firstInvalid = CHECKOUT_FIELD_ORDER.find((name) => found[name]);
    if (firstInvalid) focusField(firstInvalid);
  }

  /** The account to charge: its id, looked up from the e-mail when only that is known. */
  async function accountId(): Promise<string | null> {
    const id = data.user.id || session.user?.id || '';
    if (id) return id;
    const email = data.user.email || session.user?.email || '';
    if (!email) return null;
    try {
      return (await getMe()).id || null;
    } catch {
      return null;
    }
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (busy || !plan) return;
    setTopError(null);
    const checked = validateCheckout(values);
    if (!checked.ok) {
      showFieldErrors(checked.errors);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const userId = await accountId();
      if (!userId) {
        setTopError(messages.paymentVerifyAccount);
        return;
      }
      attempt.current ??= { key: crypto.randomUUID(), startedAt: new Date() };
      const { key, startedAt } = attempt.current;
      const accountEmail = data.user.email || session.user?.email || '';
      const body = buildSubscriptionRequest(checked.form, plan, { startedAt, accountEmail });
      const answer = await subscribe(userId, body, key);
      attempt.current = null;
      const user = answer?.user;
      const renewsOn =
        plan.period === 'month'
          ? formatApiDate(user?.nextSubscriptionRenewDate ?? addDays(startedAt, MEMBERSHIP_TERM_DAYS))
          : null;
      clearCheckoutData();
      clearSelectedPlan();
      updateStoredUser({ planId: plan.id, subscriptionPlan: plan.id });
      const last4 = user?.cardDetails?.last4 || body.cardDetails.last4 || '';
      setSuccess({
        message: answer?.message || answer?.statusMessage || answer?.text || messages.paymentSuccess,
        renewal: renewsOn,
        planTitle: plan.title,
        amount: formatUsd(plan.priceCents),
        card: `${user?.cardDetails?.brand || body.cardDetails.brand || 'Card'} ending in ${last4}`,
        email: checked.form.email,
      });
      // The card number and CVC leave memory with the form.
      setValues((v) => ({ ...v, cardNumber: '', expiry: '', cvc: '' }));
    } catch (error) {
      if (!(error instanceof ApiError) || !NO_ANSWER_YET.has(error.status)) attempt.current = null;
      if (error instanceof ApiError && error.status === 401) {
        endSession();
        return;
      }
      if (error instanceof ApiError && error.status === 400) {
        const found = serverFieldErrors((error.body as { errors?: unknown } | null)?.errors);
        if (Object.keys(found).length) showFieldErrors(found);
        setTopError(error.serverMessage ?? messages.paymentFixFields);
        return;
      }
      setTopError((error instanceof ApiError && error.status > 0 && error.serverMessage) || messages.paymentUnavailable);
    } finally {
      setBusy(false);
    }
  }

  function cancel() {
    clearCheckoutData();
    navigate('/profile');
  }

  const renewalPreview = plan?.period === 'month' ? formatApiDate(addDays(new Date(), MEMBERSHIP_TERM_DAYS)) : null;
  const price = plan ? formatUsd(plan.priceCents) : null;

  const field = (name: CheckoutField, props: InputHTMLAttributes<HTMLInputElement> = {}, filter: (raw: string) => string = (raw) => raw) => {
    const id = checkoutFieldId(name);
    const error = errors[name] ?? null;
    return (
      <FieldFrame id={id} label={CHECKOUT_LABELS[name]} error={error}>
        <input
          id={id}
          name={name}
          className="input"
          value={values[name]}
          onChange={(event) => update(name, filter(event.target.value))}
          onBlur={onBlur(name)}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, { error })}
          {...props}
        />
      </FieldFrame>
    );
  };

  const cardId = checkoutFieldId('cardNumber');
  const cardError = errors.cardNumber ?? null;
  const cardHint = cardBrand ? `Card type: ${cardBrand}` : 'Visa, Mastercard, American Express or Discover';

  return (
    <div className="checkout">
      <PageTitle>Secure Checkout</PageTitle>
      <header className="checkout__header">
        <p className="checkout__eyebrow">
          <LockIcon /> {siteBrand.name}
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
        <aside className="checkout__summary" aria-labelledby="order-summary-title">
          <h2 id="order-summary-title" className="checkout__summary-title">
            Order summary
          </h2>
          {plans.status === 'loading' && <Spinner label="Loading your plan…" />}
          {plans.status === 'error' && <PlansLoadError onRetry={plans.reload} />}
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
                {renewalPreview && !success && (
                  <div>
                    <dt>Next charge</dt>
                    <dd>{renewalPreview}</dd>
                  </div>
                )}
                <div className="checkout__total">
                  <dt>{success ? 'Paid today' : 'Due today'}</dt>
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
            Questions? Call <a href={siteBrand.supportPhoneHref}>{siteBrand.supportPhone}</a> or e-mail{' '}
            <a href={`mailto:${siteBrand.supportEmail}`}>{siteBrand.supportEmail}</a>.
          </p>
        </aside>

        <section className="checkout__panel" aria-labelledby="checkout-form-title">
          {success ? (
            <div className="checkout__success">
              <span className="checkout__success-icon" aria-hidden="true">
                ✓
              </span>
              <h2 ref={successRef} tabIndex={-1} className="checkout__success-title">
                Payment complete
              </h2>
              <p className="checkout__success-message" role="status">
                {success.message}
              </p>
              <dl className="checkout__receipt">
                <div>
                  <dt>Plan</dt>
                  <dd>{success.planTitle}</dd>
                </div>
                <div>
                  <dt>Amount</dt>
                  <dd>{success.amount}</dd>
                </div>
                <div>
                  <dt>Paid with</dt>
                  <dd>{success.card}</dd>
                </div>
                {success.renewal && (
                  <div>
                    <dt>Renews on</dt>
                    <dd>{success.renewal}</dd>
                  </div>
                )}
              </dl>
              <p className="muted">A receipt is on its way to {success.email}.</p>
              <Button onClick={() => navigate('/profile')}>Return to profile</Button>
            </div>
          ) : (
            <>
              <h2 id="checkout-form-title" className="checkout__form-title">
                Complete your subscription
              </h2>
              <form className="checkout__form" noValidate onSubmit={onSubmit} aria-labelledby="checkout-form-title">
                <fieldset className="checkout__section">
                  <legend className="checkout__legend">Contact information</legend>
                  <div className="checkout__row checkout__row--2">
                    {field('email', { type: 'email', autoComplete: 'email', inputMode: 'email', autoCapitalize: 'off', spellCheck: false })}
                    {field('phone', { type: 'tel', autoComplete: 'tel', inputMode: 'tel', maxLength: 20 })}
                  </div>
                  {field('fullName', { autoComplete: 'name' })}
                </fieldset>

                <fieldset className="checkout__section">
                  <legend className="checkout__legend">Billing address</legend>
                  {field('street', { autoComplete: 'street-address' })}
                  <div className="checkout__row checkout__row--3">
                    {field('city', { autoComplete: 'address-level2' })}
                    {field('state', { autoComplete: 'address-level1' })}
                    {field('zip', { autoComplete: 'postal-code', maxLength: 10 })}
                  </div>
                  {field('country', { autoComplete: 'country-name' })}
                </fieldset>

                <fieldset className="checkout__section checkout__section--card">
                  <legend className="checkout__legend">
                    <span>Payment details</span>
                    <span className="checkout__accepted">
                      <span className="sr-only">We accept Visa, Mastercard, American Express and Discover.</span>
                      {CARD_BRANDS.map((b) => (
                        <CardBrandLogo
                          key={b}
                          brand={b}
                          decorative
                          className={`card-logo--sm${cardBrand && cardBrand !== b ? ' card-logo--dim' : ''}`}
                        />
                      ))}
                    </span>
                  </legend>
                  {field('cardholderName', { autoComplete: 'cc-name', autoCapitalize: 'words', spellCheck: false })}
                  <FieldFrame id={cardId} label={CHECKOUT_LABELS.cardNumber} hint={cardHint} error={cardError}>
                    <div className="card-input">
                      <input
                        ref={cardInput}
                        id={cardId}
                        name="cardNumber"
                        className="input card-input__field"
                        value={cardShown}
                        onChange={onCardNumberChange}
                        onBlur={onBlur('cardNumber')}
                        inputMode="numeric"
                        autoComplete="cc-number"
                        autoCorrect="off"
                        spellCheck={false}
                        placeholder="1234 1234 1234 1234"
                        maxLength={23}
                        aria-invalid={cardError ? true : undefined}
                        aria-describedby={describedBy(cardId, { hint: cardHint, error: cardError })}
                      />
                      <span className="card-input__brand" aria-hidden="true">
                        {cardBrand ? <CardBrandLogo brand={cardBrand} decorative /> : <GenericCardIcon />}
                      </span>
                    </div>
                  </FieldFrame>
                  <div className="checkout__row checkout__row--pair">
                    {field('expiry', { inputMode: 'numeric', autoComplete: 'cc-exp', placeholder: 'MM/YY', maxLength: 5 }, filterExpiry)}
                    {field(
                      'cvc',
                      {
                        inputMode: 'numeric',
                        autoComplete: 'cc-csc',
                        placeholder: cardBrand === 'American Express' ? '4 digits' : '3 digits',
                        maxLength: 4,
                      },
                      filterCvc,
                    )}
                  </div>
                </fieldset>

                {topError && (
                  <Alert ref={topErrorRef} tone="error" className="checkout__error">
                    {topError}
                  </Alert>
                )}
                <div className="checkout__actions">
                  <Button type="submit" block busy={busy} disabled={busy || !plan} className="checkout__pay">
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
                <p className="checkout__fineprint">
                  {plan?.period === 'month'
                    ? `Your membership renews every ${MEMBERSHIP_TERM_DAYS} days at ${price} until you cancel.`
                    : 'You are charged once for this visit.'}
                </p>
              </form>
            </>
          )}
        </section>
      </div>
    </div>
  );
}
