import {
  isActiveStatus,
  messages,
  RED_FLAGS,
  SYMPTOMS_MAX,
  SYMPTOMS_SINCE,
  SYMPTOMS_SINCE_LABELS,
  TELEHEALTH_CONSENT_TEXT,
  US_STATES,
  VISIT_MODE_LABELS,
  VISIT_MODES,
  VISIT_SERVICE_LABELS,
  VISIT_SERVICES,
  visitPurchaseName,
  visitRequestSchema,
  type RedFlag,
  type UserProfile,
  type VisitService,
} from '@app/shared';
import { useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PageTitle } from '../../../components/layout/page-title';
import {
  Alert,
  Button,
  buttonClass,
  Card,
  Checkbox,
  ChunkStyles,
  PhoneField,
  SelectField,
  Spinner,
  TextAreaField,
} from '../../../components/ui';
import { ApiError } from '../../../lib/api-client';
import { failureMessage } from '../../../lib/api-failure';
import { useValidatedForm } from '../../../lib/use-validated-form';
import { useMe } from '../../auth';
import { useRequestPaidVisit, useUnusedVisits, useVisitPayment, VisitPaymentFields } from '../../billing';
import { useHousehold } from '../../household';
import { useRequestVisit } from '../api/visits';
import { EmergencyNotice } from '../components/emergency-notice';
import visitsCss from './visits.css?inline';

interface RequestFormValues {
  /** Who the visit is for: '' for the member, else a child they are the guardian of. */
  patientId: string;
  state: string;
  service: string;
  symptoms: string;
  since: string;
  mode: string;
  callbackPhone: string;
  telehealthConsent: boolean;
}
const FIELDS = ['patientId', 'state', 'service', 'symptoms', 'since', 'mode', 'callbackPhone', 'telehealthConsent'] as const;
type Field = (typeof FIELDS)[number];

/** The form's values as the request the server takes: the red flags are answered apart, and none is a request. */
const toRequest = ({ patientId, ...values }: RequestFormValues) => ({ ...values, ...(patientId ? { patientId } : {}), redFlags: [] });
/** Each field's message from the shared schema, the same the route applies. */
function fieldMessages(values: RequestFormValues): Partial<Record<Field, string>> {
  const result = visitRequestSchema.safeParse(toRequest(values));
  if (result.success) return {};
  const found: Partial<Record<Field, string>> = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as Field;
    found[field] ??= issue.message;
  }
  return found;
}

const serviceFrom = (value: string | null) => (VISIT_SERVICES as readonly string[]).find((service) => service === value) ?? '';

/**
 * /visits/new: a patient asks for a visit, covered by their membership or paid for with it at its
 * service's price; a red flag turns the page to "Call 911 now" and nothing is requested.
 */
export default function RequestVisitPage() {
  const me = useMe();
  return (
    <div className="visits">
      <ChunkStyles name="visits" css={visitsCss} />
      <PageTitle>Request a visit</PageTitle>
      {me.status === 'pending' && <Spinner label="Loading…" />}
      {me.status === 'error' && <Alert tone="error">{failureMessage(me.error, messages.profileLoadFailed)}</Alert>}
      {me.status === 'success' && <RequestVisit profile={me.data} />}
    </div>
  );
}

function RequestVisit({ profile }: { profile: UserProfile }) {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const formRef = useRef<HTMLFormElement>(null);
  const [redFlags, setRedFlags] = useState<RedFlag[]>([]);
  const [emergency, setEmergency] = useState<RedFlag[] | null>(null);
  const [refusal, setRefusal] = useState<{ text: string; openVisitId?: string; needsPlan?: boolean } | null>(null);
  const request = useRequestVisit();
  const paidRequest = useRequestPaidVisit();
  const payment = useVisitPayment(formRef);
  const unusedVisits = useUnusedVisits();
  // Without an active plan the visit is paid for with the request; a used-up one-time visit learns it from the server.
  const [paying, setPaying] = useState(!isActiveStatus(profile.subscriptionStatus));
  const busy = request.isPending || paidRequest.isPending;
  const form = useValidatedForm<RequestFormValues>({
    initialValues: {
      patientId: '',
      state: '',
      service: serviceFrom(params.get('service')),
      symptoms: '',
      since: '',
      mode: 'phone',
      callbackPhone: profile.customerPhone ?? '',
      telehealthConsent: false,
    },
    fieldOrder: FIELDS,
    validateField: (name, values) => fieldMessages(values)[name] ?? null,
    formRef,
    fieldId: (name) => `visit-${String(name)}`,
    focusTarget: (element, name) => element.querySelector<HTMLElement>(`[name="${String(name)}"]`),
  });
  const { values } = form;

  const service = (VISIT_SERVICES as readonly string[]).includes(values.service) ? (values.service as VisitService) : null;
  // A visit of this service paid for earlier and not used (its request was cancelled) pays for this one.
  const paidAlready = service !== null && (unusedVisits.data?.services.includes(service) ?? false);
  const payingNow = paying && !paidAlready;
  if (emergency) return <EmergencyNotice flags={emergency} onBack={() => setEmergency(null)} />;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setRefusal(null);
    // Any sign of an emergency stops here: no request is made.
    if (redFlags.length > 0) {
      setEmergency(redFlags);
      return;
    }
    const valid = form.validateAll().ok;
    const paid = payingNow ? payment.prepare() : null;
    if (!valid || (payingNow && !paid)) return;
    try {
      const visitRequest = visitRequestSchema.parse(toRequest(values));
      const visit = paid
        ? await paidRequest.mutateAsync({ request: { ...visitRequest, payment: paid.payment }, purchaseKey: paid.purchaseKey })
        : await request.mutateAsync(visitRequest);
      await navigate(`/visits/${visit.id}`);
    } catch (error) {
      const body =
        error instanceof ApiError
          ? (error.body as { errors?: Record<string, string>; openVisitId?: string; needsPlan?: boolean; needsPayment?: boolean })
          : null;
      if (error instanceof ApiError && error.status === 400 && body?.errors) form.setServerErrors(body.errors);
      if (paid) payment.answered(error instanceof ApiError ? error.status : 0, body?.errors);
      if (body?.needsPayment) setPaying(true);
      setRefusal({
        text: failureMessage(error, messages.genericError),
        ...(body?.openVisitId ? { openVisitId: body.openVisitId } : {}),
        ...(body?.needsPlan ? { needsPlan: true } : {}),
      });
    }
  }

  const toggleFlag = (flag: RedFlag, on: boolean) => setRedFlags((flags) => (on ? [...flags, flag] : flags.filter((f) => f !== flag)));

  return (
    <form
      ref={formRef}
      className="visits__form stack"
      noValidate
      onSubmit={(event) => void submit(event)}
      aria-labelledby="request-visit-title"
    >
      <header className="visits__header">
        <h1 id="request-visit-title">Request a visit</h1>
        <p className="muted">A licensed US doctor reviews your request, usually within minutes, day or night.</p>
      </header>

      <VisitFor
        profile={profile}
        patientId={values.patientId}
        onChoose={(patientId) => {
          form.setField('patientId', patientId);
          // Care for a child is pediatric care, covered by the family membership.
          if (patientId) form.setField('service', 'pediatric-care');
        }}
      />

      <Card title="Do you have any of these right now?" headingId="red-flags-title">
        <fieldset className="visits__flags">
          <legend className="visits__legend">Do you have any of these right now?</legend>
          {RED_FLAGS.map((flag) => (
            <Checkbox
              key={flag.id}
              id={`red-flag-${flag.id}`}
              label={flag.label}
              checked={redFlags.includes(flag.id)}
              onChange={(event) => toggleFlag(flag.id, event.target.checked)}
            />
          ))}
        </fieldset>
        <p className="muted">If you tick any of these, call 911 instead of requesting a virtual visit.</p>
      </Card>

      <Card title="About your visit" headingId="visit-about-title">
        <div className="stack">
          <SelectField
            id="visit-state"
            name="state"
            label="Where are you right now?"
            value={values.state}
            error={form.visibleError('state')}
            onChange={(event) => form.setField('state', event.target.value)}
            onBlur={() => form.touch('state')}
            options={[{ value: '', label: 'Choose a state' }, ...US_STATES.map(([code, name]) => ({ value: code, label: name }))]}
          />
          <SelectField
            id="visit-service"
            name="service"
            label="What brings you in?"
            value={values.service}
            error={form.visibleError('service')}
            onChange={(event) => form.setField('service', event.target.value)}
            onBlur={() => form.touch('service')}
            options={[
              { value: '', label: 'Choose a kind of care' },
              ...VISIT_SERVICES.filter((s) => !values.patientId || s === 'pediatric-care').map((s) => ({
                value: s,
                label: VISIT_SERVICE_LABELS[s],
              })),
            ]}
          />
          <TextAreaField
            {...form.textFieldProps('symptoms')}
            id="visit-symptoms"
            label="Describe your symptoms"
            rows={4}
            maxLength={SYMPTOMS_MAX}
            hint="What you feel, how strong it is, and anything that makes it better or worse."
          />
          <SelectField
            id="visit-since"
            name="since"
            label="Since when?"
            value={values.since}
            error={form.visibleError('since')}
            onChange={(event) => form.setField('since', event.target.value)}
            onBlur={() => form.touch('since')}
            options={[
              { value: '', label: 'Choose when it started' },
              ...SYMPTOMS_SINCE.map((s) => ({ value: s, label: SYMPTOMS_SINCE_LABELS[s] })),
            ]}
          />
        </div>
      </Card>

      <Card title="How would you like to meet?" headingId="visit-mode-title">
        <div className="stack">
          <fieldset className="visits__modes" id="visit-mode">
            <legend className="visits__legend">How would you like to meet?</legend>
            {VISIT_MODES.map((mode) => (
              <label key={mode} className={`visits__mode${values.mode === mode ? ' visits__mode--on' : ''}`}>
                <input type="radio" name="mode" value={mode} checked={values.mode === mode} onChange={() => form.setField('mode', mode)} />
                {VISIT_MODE_LABELS[mode]}
              </label>
            ))}
          </fieldset>
          {form.visibleError('mode') && <p className="field__error">{form.visibleError('mode')}</p>}
          <PhoneField
            id="visit-callbackPhone"
            name="callbackPhone"
            label="Callback phone"
            hint="The doctor calls this number for a phone visit, or if a video call drops."
            value={values.callbackPhone}
            error={form.visibleError('callbackPhone')}
            onDigitsChange={(digits) => form.setField('callbackPhone', digits)}
            onBlur={() => form.touch('callbackPhone')}
          />
        </div>
      </Card>

      <Card title="Consent to telehealth" headingId="visit-consent-title">
        <div className="stack">
          <p className="visits__consent-text">{TELEHEALTH_CONSENT_TEXT}</p>
          <Checkbox
            id="visit-telehealthConsent"
            name="telehealthConsent"
            label="I agree to receive care by telehealth"
            checked={values.telehealthConsent}
            error={form.visibleError('telehealthConsent')}
            onChange={(event) => form.setField('telehealthConsent', event.target.checked)}
          />
        </div>
      </Card>

      {paying && paidAlready && <Alert tone="info">{messages.visitPaidAlready(visitPurchaseName(service))}</Alert>}
      {payingNow && (
        <Card title="Pay for this visit" headingId="visit-payment-title">
          <VisitPaymentFields form={payment.form} service={service} />
        </Card>
      )}

      {refusal && (
        <Alert tone="error">
          <p>{refusal.text}</p>
          {refusal.openVisitId && <Link to={`/visits/${refusal.openVisitId}`}>Go to your open visit</Link>}
          {refusal.needsPlan && <Link to="/profile">Choose a plan</Link>}
        </Alert>
      )}
      <div className="row">
        <Button type="submit" disabled={busy} busy={busy}>
          {payingNow ? 'Pay and request a visit' : 'Request a visit'}
        </Button>
        <Link to="/profile" className={buttonClass('secondary')}>
          Back to your profile
        </Link>
      </div>
    </form>
  );
}

/**
 * "Who is this visit for?": the member, or a child of theirs aged 2 to 17 on a Family membership. A
 * household of one shows the member alone.
 */
function VisitFor({ profile, patientId, onChoose }: { profile: UserProfile; patientId: string; onChoose: (patientId: string) => void }) {
  const household = useHousehold();
  const children = household.data?.people.filter((person) => person.role === 'child' && person.managedByYou) ?? [];
  return (
    <Card title={messages.visitFor} headingId="visit-for-title">
      {children.length === 0 ? (
        <p className="visits__for">
          {profile.firstName} {profile.lastName} <span className="muted">(you)</span>
        </p>
      ) : (
        <fieldset className="visits__modes" id="visit-patientId">
          <legend className="visits__legend">{messages.visitFor}</legend>
          <label className={`visits__mode${patientId === '' ? ' visits__mode--on' : ''}`}>
            <input type="radio" name="patientId" value="" checked={patientId === ''} onChange={() => onChoose('')} />
            {profile.firstName} {profile.lastName} (you)
          </label>
          {children.map((child) => (
            <label key={child.id} className={`visits__mode${patientId === child.id ? ' visits__mode--on' : ''}`}>
              <input
                type="radio"
                name="patientId"
                value={child.id}
                checked={patientId === child.id}
                disabled={!child.bookable}
                onChange={() => onChoose(child.id)}
              />
              {child.firstName} {child.lastName}
              {!child.bookable && (
                <span className="muted"> · {child.turned18 ? messages.visitChildIs18(child.firstName) : messages.pediatricAgeRange}</span>
              )}
            </label>
          ))}
        </fieldset>
      )}
    </Card>
  );
}
