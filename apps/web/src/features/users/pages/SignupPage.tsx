import {
  SYMPTOMS_MAX,
  ZIP_MAX,
  formatPhone,
  generateCustomerId,
  latestAdultBirthDate,
  localTimestamp,
  messages,
  phoneDigits,
  signupFields,
  signupFormSchema,
  type PlanId,
  type RegistrationRequest,
} from '@app/shared';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { FormPage } from '../../../components/layout/FormPage';
import { PageTitle } from '../../../components/layout/PageTitle';
import { Alert, Button, Checkbox, PasswordField, Spinner, TextAreaField, TextField } from '../../../components/ui';
import { ApiError } from '../../../lib/api-client';
import { readItem, removeItem, storageKeys, writeItem } from '../../../lib/storage';
import { Captcha, useCaptcha, verifyCaptcha } from '../../captcha';
import { PlanPicker, clearSelectedPlan, readSelectedPlan, storeSelectedPlan, usePlans } from '../../plans';
import { register } from '../api/register';
import './signup.css';

export interface SignupValues {
  firstName: string;
  lastName: string;
  email: string;
  /** Digits only, at most ten. */
  customerPhone: string;
  password: string;
  confirmPassword: string;
  dob: string;
  zip: string;
  symptoms: string;
  subscriptionPlan: PlanId | '';
  smsPolicyAccepted: boolean;
}
type FieldName = keyof SignupValues;

/** Form order: a failed submit focuses the first invalid field in this order. */
const FIELD_ORDER: FieldName[] = [
  'firstName',
  'lastName',
  'email',
  'customerPhone',
  'password',
  'confirmPassword',
  'dob',
  'zip',
  'symptoms',
  'subscriptionPlan',
  'smsPolicyAccepted',
];

const emptyValues = (plan: PlanId | '' = ''): SignupValues => ({
  firstName: '',
  lastName: '',
  email: '',
  customerPhone: '',
  password: '',
  confirmPassword: '',
  dob: '',
  zip: '',
  symptoms: '',
  subscriptionPlan: plan,
  smsPolicyAccepted: false,
});

/** One field's message from the shared schemas, or null when it is valid. */
export function validateField(name: FieldName, values: SignupValues): string | null {
  if (name === 'confirmPassword') return values.confirmPassword === values.password ? null : messages.passwordsDoNotMatch;
  const result = signupFields[name].safeParse(values[name]);
  return result.success ? null : (result.error.issues[0]?.message ?? messages.required);
}

const fieldId = (name: FieldName) => `signup-${name}`;

/** The message shown at the top of the form for a failed sign-up (spec 1 §8 'Sign-up'). */
export function signupErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.misrouted) return messages.signupFrontendAnswered;
    if (error.status === 0) return messages.requestError(error.message);
    if (error.status === 502) return `${error.serverMessage ?? messages.signupMailFailed} ${messages.signupRetryHint}`;
    if (error.status === 400) return error.serverMessage ?? messages.signupInvalid;
    return messages.signupFailedStatus(error.status, error.serverMessage ?? undefined);
  }
  return messages.signupDefault;
}

function serverFieldErrors(error: unknown): Partial<Record<FieldName, string>> {
  if (!(error instanceof ApiError) || error.status !== 400) return {};
  const errors = (error.body as { errors?: unknown } | null)?.errors;
  if (!errors || typeof errors !== 'object' || Array.isArray(errors)) return {};
  const out: Partial<Record<FieldName, string>> = {};
  for (const [key, value] of Object.entries(errors)) {
    if (typeof value === 'string' && (FIELD_ORDER as string[]).includes(key)) out[key as FieldName] = value;
  }
  return out;
}

export default function SignupPage() {
  const navigate = useNavigate();
  const plans = usePlans();
  const captcha = useCaptcha({ persist: true });
  const [values, setValues] = useState<SignupValues>(() => emptyValues(readSelectedPlan() ?? ''));
  const [touched, setTouched] = useState<Partial<Record<FieldName, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [topError, setTopError] = useState<string | null>(null);
  const [captchaError, setCaptchaError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [customerId] = useState(() => generateCustomerId());
  const formRef = useRef<HTMLFormElement>(null);
  const topErrorRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (topError) topErrorRef.current?.scrollIntoView?.({ behavior: 'smooth', block: 'center' });
  }, [topError]);

  const errors = Object.fromEntries(FIELD_ORDER.map((name) => [name, validateField(name, values)])) as Record<
    FieldName,
    string | null
  >;
  const shownError = (name: FieldName) => serverErrors[name] ?? (touched[name] || submitted ? errors[name] : null);

  function update<K extends FieldName>(name: K, value: SignupValues[K]) {
    setValues((v) => ({ ...v, [name]: value }));
    setServerErrors((e) => (e[name] ? { ...e, [name]: undefined } : e));
  }
  const touch = (name: FieldName) => () => setTouched((t) => (t[name] ? t : { ...t, [name]: true }));

  function onPhoneChange(raw: string) {
    const digits = phoneDigits(raw);
    const previous = values.customerPhone;
    // Deleting a bracket, space or dash deletes the digit before it instead of doing nothing.
    const next = digits === previous && raw.length < formatPhone(previous).length ? previous.slice(0, -1) : digits;
    update('customerPhone', next);
  }

  function choosePlan(id: PlanId) {
    update('subscriptionPlan', id);
    storeSelectedPlan(id);
    touch('subscriptionPlan')();
  }

  function focusField(name: FieldName) {
    const form = formRef.current;
    if (!form) return;
    const target =
      name === 'subscriptionPlan'
        ? (form.querySelector<HTMLInputElement>('input[name="subscriptionPlan"]:checked') ??
          form.querySelector<HTMLInputElement>('input[name="subscriptionPlan"]'))
        : form.querySelector<HTMLElement>(`#${fieldId(name)}`);
    target?.focus();
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setSubmitted(true);
    setTopError(null);
    const firstInvalid = FIELD_ORDER.find((name) => errors[name]);
    if (firstInvalid) {
      setTouched(Object.fromEntries(FIELD_ORDER.map((name) => [name, true])));
      focusField(firstInvalid);
      return;
    }
    if (captcha.required && !captcha.token) {
      setCaptchaError(messages.captchaRequired);
      return;
    }
    setCaptchaError(null);
    const parsed = signupFormSchema.safeParse(values);
    if (!parsed.success) return;
    const form = parsed.data;
    const plan = plans.data?.find((p) => p.id === form.subscriptionPlan);

    setBusy(true);
    try {
      const captchaToken = readItem('session', storageKeys.captchaToken) ?? undefined;
      if (captchaToken) {
        let verified: boolean;
        try {
          verified = (await verifyCaptcha(captchaToken)).success === true;
        } catch {
          setTopError(messages.captchaCallError);
          captcha.reset();
          return;
        }
        if (!verified) {
          setTopError(messages.captchaFailed);
          captcha.reset();
          return;
        }
      }
      const payload: RegistrationRequest = {
        email: form.email,
        password: form.password,
        firstName: form.firstName,
        lastName: form.lastName,
        customerPhone: form.customerPhone,
        dob: form.dob,
        zip: form.zip,
        symptoms: form.symptoms ?? '',
        subscriptionStatus: 'pending',
        subscriptionPlan: form.subscriptionPlan,
        ...(plan ? { subscriptionAmount: plan.price } : {}),
        smsPolicyAccepted: true,
        customerId,
        submittedAt: localTimestamp(),
        ...(captchaToken ? { recaptchaToken: captchaToken } : {}),
      };
      const answer = await register(payload);
      setValues(emptyValues());
      setTouched({});
      setSubmitted(false);
      clearSelectedPlan();
      removeItem('session', storageKeys.captchaToken);
      writeItem('session', storageKeys.signupMessage, answer?.message || messages.signupSuccess);
      navigate('/login');
    } catch (error) {
      setServerErrors(serverFieldErrors(error));
      setTopError(signupErrorMessage(error));
      if (captcha.required) captcha.reset();
    } finally {
      setBusy(false);
    }
  }

  return (
    <FormPage
      width="wide"
      title="Create your account"
      intro={
        <p>
          Join in a few minutes, choose the plan that suits you, and talk to a US board-certified doctor by phone or video,
          24/7.
        </p>
      }
    >
      <PageTitle>Sign up</PageTitle>
      <form ref={formRef} className="signup stack stack--lg" noValidate onSubmit={onSubmit} aria-label="Create your account">
        {topError && (
          <Alert ref={topErrorRef} tone="error">
            {topError}
          </Alert>
        )}

        <section className="signup__section" aria-labelledby="signup-section-about">
          <h2 id="signup-section-about" className="signup__heading">
            About you
          </h2>
          <div className="grid-2">
            <TextField
              id={fieldId('firstName')}
              name="firstName"
              label="First name"
              autoComplete="given-name"
              value={values.firstName}
              error={shownError('firstName')}
              onChange={(e) => update('firstName', e.target.value)}
              onBlur={touch('firstName')}
            />
            <TextField
              id={fieldId('lastName')}
              name="lastName"
              label="Last name"
              autoComplete="family-name"
              value={values.lastName}
              error={shownError('lastName')}
              onChange={(e) => update('lastName', e.target.value)}
              onBlur={touch('lastName')}
            />
            <TextField
              id={fieldId('email')}
              name="email"
              label="Email"
              type="email"
              inputMode="email"
              autoComplete="email"
              value={values.email}
              error={shownError('email')}
              onChange={(e) => update('email', e.target.value)}
              onBlur={touch('email')}
            />
            <TextField
              id={fieldId('customerPhone')}
              name="customerPhone"
              label="Phone number"
              type="tel"
              inputMode="tel"
              autoComplete="tel-national"
              placeholder="(000) 000-0000"
              maxLength={14}
              value={formatPhone(values.customerPhone)}
              error={shownError('customerPhone')}
              onChange={(e) => onPhoneChange(e.target.value)}
              onBlur={touch('customerPhone')}
            />
            <TextField
              id={fieldId('dob')}
              name="dob"
              label="Date of birth"
              type="date"
              autoComplete="bday"
              min="1900-01-01"
              max={latestAdultBirthDate()}
              hint="You must be 18 or older."
              value={values.dob}
              error={shownError('dob')}
              onChange={(e) => update('dob', e.target.value)}
              onBlur={touch('dob')}
            />
            <TextField
              id={fieldId('zip')}
              name="zip"
              label="ZIP code"
              autoComplete="postal-code"
              maxLength={ZIP_MAX}
              value={values.zip}
              error={shownError('zip')}
              onChange={(e) => update('zip', e.target.value)}
              onBlur={touch('zip')}
            />
          </div>
        </section>

        <section className="signup__section" aria-labelledby="signup-section-password">
          <h2 id="signup-section-password" className="signup__heading">
            Choose a password
          </h2>
          <div className="stack">
            <PasswordField
              id={fieldId('password')}
              name="password"
              label="Password"
              autoComplete="new-password"
              checklist
              value={values.password}
              error={shownError('password')}
              onChange={(e) => update('password', e.target.value)}
              onBlur={touch('password')}
            />
            <PasswordField
              id={fieldId('confirmPassword')}
              name="confirmPassword"
              label="Confirm password"
              autoComplete="new-password"
              value={values.confirmPassword}
              error={shownError('confirmPassword')}
              onChange={(e) => update('confirmPassword', e.target.value)}
              onBlur={touch('confirmPassword')}
            />
          </div>
        </section>

        <section className="signup__section" aria-labelledby="signup-section-visit">
          <h2 id="signup-section-visit" className="signup__heading">
            Your visit
          </h2>
          <TextAreaField
            id={fieldId('symptoms')}
            name="symptoms"
            label="Symptoms or reason for your visit"
            optional
            hint="A few words help the doctor prepare. Do not use this form for emergencies: call 911."
            rows={4}
            maxLength={SYMPTOMS_MAX}
            value={values.symptoms}
            error={shownError('symptoms')}
            onChange={(e) => update('symptoms', e.target.value)}
            onBlur={touch('symptoms')}
          />
        </section>

        <section className="signup__section" aria-labelledby="signup-section-plan">
          <h2 id="signup-section-plan" className="signup__heading">
            Membership plan
          </h2>
          {plans.status === 'loading' && <Spinner label="Loading plans…" />}
          {plans.status === 'error' && (
            <Alert tone="error">
              <p>{plans.error instanceof ApiError ? plans.error.message : messages.genericError}</p>
              <Button variant="secondary" size="sm" onClick={plans.reload}>
                Try again
              </Button>
            </Alert>
          )}
          {plans.status === 'success' && (
            <PlanPicker
              plans={plans.data}
              value={values.subscriptionPlan}
              onChange={choosePlan}
              onBlur={touch('subscriptionPlan')}
              error={shownError('subscriptionPlan')}
            />
          )}
          {plans.status !== 'success' && shownError('subscriptionPlan') && (
            <span className="field__error">{shownError('subscriptionPlan')}</span>
          )}
        </section>

        <section className="signup__section stack" aria-labelledby="signup-section-consent">
          <h2 id="signup-section-consent" className="signup__heading">
            Consent
          </h2>
          <Checkbox
            id={fieldId('smsPolicyAccepted')}
            name="smsPolicyAccepted"
            label={messages.smsConsent}
            checked={values.smsPolicyAccepted}
            error={shownError('smsPolicyAccepted')}
            onChange={(e) => {
              update('smsPolicyAccepted', e.target.checked);
              touch('smsPolicyAccepted')();
            }}
          />
          <Captcha captcha={captcha} error={captcha.token ? null : captchaError} id="signup-captcha" />
        </section>

        <div className="form-actions">
          <Button type="submit" block disabled={busy} busy={busy}>
            {busy ? 'Submitting...' : 'Create account'}
          </Button>
          <p className="muted signup__legal">
            Your details are sent securely and used only to provide your care and membership.
          </p>
        </div>
      </form>
      <div className="form-footer">
        <p>
          Already have an account? <Link to="/login">Sign in</Link>
        </p>
      </div>
    </FormPage>
  );
}
