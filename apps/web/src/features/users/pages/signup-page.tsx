import {
  fromMinorUnits,
  SYMPTOMS_MAX,
  ZIP_MAX,
  generateCustomerId,
  latestAdultBirthDate,
  localTimestamp,
  messages,
  signupFields,
  signupFormSchema,
  type PlanId,
  type RegistrationRequest,
} from '@app/shared';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { FormPage } from '../../../components/layout/form-page';
import { PageTitle } from '../../../components/layout/page-title';
import { Alert, Button, Checkbox, PasswordField, PhoneField, Spinner, TextAreaField, TextField } from '../../../components/ui';
import { ApiError } from '../../../lib/api-client';
import { serverFieldErrors, useValidatedForm } from '../../../lib/use-validated-form';
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
function validateField(name: FieldName, values: SignupValues): string | null {
  if (name === 'confirmPassword') return values.confirmPassword === values.password ? null : messages.passwordsDoNotMatch;
  const result = signupFields[name].safeParse(values[name]);
  return result.success ? null : (result.error.issues[0]?.message ?? messages.required);
}

const fieldId = (name: FieldName) => `signup-${name}`;

/** The message shown at the top of the form for a failed sign-up (docs/product.md, Messages). */
function signupErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.misrouted) return messages.signupFrontendAnswered;
    if (error.status === 0) return messages.requestError(error.message);
    if (error.status === 400) return error.serverMessage ?? messages.signupInvalid;
    if (error.status === 502) return messages.signupMailFailed(error.serverMessage ?? undefined);
    return messages.signupFailedStatus(error.status, error.serverMessage ?? undefined);
  }
  return messages.signupDefault;
}

/** A plan is a radio group: focus the chosen plan, else the first. */
function focusTarget(form: HTMLFormElement, name: FieldName): HTMLElement | null {
  if (name !== 'subscriptionPlan') return null;
  return (
    form.querySelector<HTMLInputElement>('input[name="subscriptionPlan"]:checked') ??
    form.querySelector<HTMLInputElement>('input[name="subscriptionPlan"]')
  );
}

export default function SignupPage() {
  const navigate = useNavigate();
  const plans = usePlans();
  const captcha = useCaptcha({ persist: true });
  const formRef = useRef<HTMLFormElement>(null);
  const form = useValidatedForm<SignupValues>({
    formRef,
    initialValues: () => emptyValues(readSelectedPlan() ?? ''),
    fieldOrder: FIELD_ORDER,
    validateField,
    fieldId,
    focusTarget,
  });
  const { values, setField, touch, visibleError } = form;
  const [topError, setTopError] = useState<string | null>(null);
  const [captchaError, setCaptchaError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [customerId] = useState(() => generateCustomerId());
  const topErrorRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (topError) topErrorRef.current?.scrollIntoView?.({ behavior: 'smooth', block: 'center' });
  }, [topError]);

  function choosePlan(id: PlanId) {
    setField('subscriptionPlan', id);
    storeSelectedPlan(id);
    touch('subscriptionPlan');
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setTopError(null);
    if (!form.validateAll().ok) return;
    if (captcha.required && !captcha.token) {
      setCaptchaError(messages.captchaRequired);
      return;
    }
    setCaptchaError(null);
    const parsed = signupFormSchema.safeParse(values);
    if (!parsed.success) return;
    const parsedForm = parsed.data;
    const plan = plans.data?.find((p) => p.id === parsedForm.subscriptionPlan);

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
        email: parsedForm.email,
        password: parsedForm.password,
        firstName: parsedForm.firstName,
        lastName: parsedForm.lastName,
        customerPhone: parsedForm.customerPhone,
        dob: parsedForm.dob,
        zip: parsedForm.zip,
        symptoms: parsedForm.symptoms ?? '',
        subscriptionStatus: 'pending',
        subscriptionPlan: parsedForm.subscriptionPlan,
        ...(plan ? { subscriptionAmount: fromMinorUnits(plan.priceCents) } : {}),
        smsPolicyAccepted: true,
        customerId,
        submittedAt: localTimestamp(),
        ...(captchaToken ? { recaptchaToken: captchaToken } : {}),
      };
      const answer = await register(payload);
      form.reset(emptyValues());
      clearSelectedPlan();
      removeItem('session', storageKeys.captchaToken);
      writeItem('session', storageKeys.signupMessage, answer?.message || messages.signupSuccess);
      void navigate('/login');
    } catch (error) {
      form.setServerErrors(serverFieldErrors(error, FIELD_ORDER));
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
      intro={<p>Join in a few minutes, choose the plan that suits you, and talk to a US board-certified doctor by phone or video, 24/7.</p>}
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
            <TextField {...form.textFieldProps('firstName')} label="First name" autoComplete="given-name" />
            <TextField {...form.textFieldProps('lastName')} label="Last name" autoComplete="family-name" />
            <TextField {...form.textFieldProps('email')} label="Email" type="email" inputMode="email" autoComplete="email" />
            <PhoneField
              {...form.textFieldProps('customerPhone')}
              label="Phone number"
              onDigitsChange={(digits) => setField('customerPhone', digits)}
            />
            <TextField
              {...form.textFieldProps('dob')}
              label="Date of birth"
              type="date"
              autoComplete="bday"
              min="1900-01-01"
              max={latestAdultBirthDate()}
              hint="You must be 18 or older."
            />
            <TextField {...form.textFieldProps('zip')} label="ZIP code" autoComplete="postal-code" maxLength={ZIP_MAX} />
          </div>
        </section>

        <section className="signup__section" aria-labelledby="signup-section-password">
          <h2 id="signup-section-password" className="signup__heading">
            Choose a password
          </h2>
          <div className="stack">
            <PasswordField {...form.textFieldProps('password')} label="Password" autoComplete="new-password" checklist />
            <PasswordField {...form.textFieldProps('confirmPassword')} label="Confirm password" autoComplete="new-password" />
          </div>
        </section>

        <section className="signup__section" aria-labelledby="signup-section-visit">
          <h2 id="signup-section-visit" className="signup__heading">
            Your visit
          </h2>
          <TextAreaField
            {...form.textFieldProps('symptoms')}
            label="Symptoms or reason for your visit"
            optional
            hint="A few words help the doctor prepare. Do not use this form for emergencies: call 911."
            rows={4}
            maxLength={SYMPTOMS_MAX}
          />
        </section>

        <section className="signup__section" aria-labelledby="signup-section-plan">
          <h2 id="signup-section-plan" className="signup__heading">
            Membership plan
          </h2>
          {plans.status === 'pending' && <Spinner label="Loading plans…" />}
          {plans.status === 'error' && (
            <Alert tone="error">
              <p>{plans.error instanceof ApiError ? plans.error.message : messages.genericError}</p>
              <Button variant="secondary" size="sm" onClick={() => void plans.refetch()}>
                Try again
              </Button>
            </Alert>
          )}
          {plans.status === 'success' && (
            <PlanPicker
              plans={plans.data}
              value={values.subscriptionPlan}
              onChange={choosePlan}
              onBlur={() => touch('subscriptionPlan')}
              error={visibleError('subscriptionPlan')}
            />
          )}
          {plans.status !== 'success' && visibleError('subscriptionPlan') && (
            <span className="field__error">{visibleError('subscriptionPlan')}</span>
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
            error={visibleError('smsPolicyAccepted')}
            onChange={(e) => {
              setField('smsPolicyAccepted', e.target.checked);
              touch('smsPolicyAccepted');
            }}
          />
          <Captcha captcha={captcha} error={captcha.token ? null : captchaError} id="signup-captcha" />
        </section>

        <div className="form-actions">
          <Button type="submit" block disabled={busy} busy={busy}>
            {busy ? 'Submitting...' : 'Create account'}
          </Button>
          <p className="muted signup__legal">Your details are sent securely and used only to provide your care and membership.</p>
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
