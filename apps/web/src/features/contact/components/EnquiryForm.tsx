import { ENQUIRY_MESSAGE_MAX, enquiryFields, formatPhone, messages, phoneDigits } from '@app/shared';
import { useRef, useState, type FormEvent } from 'react';
import { Alert, Button, Checkbox, TextAreaField, TextField } from '../../../components/ui';
import { ApiError } from '../../../lib/api-client';
import { brand } from '../../../lib/brand';
import { sendEnquiry } from '../api/sendEnquiry';

export interface EnquiryValues {
  fullName: string;
  email: string;
  /** Digits only, at most ten. */
  phone: string;
  message: string;
  smsOptIn: boolean;
}
type FieldName = keyof EnquiryValues;

/** Form order: a failed submit focuses the first invalid field in this order. */
const FIELD_ORDER: FieldName[] = ['fullName', 'email', 'phone', 'message', 'smsOptIn'];

const empty: EnquiryValues = { fullName: '', email: '', phone: '', message: '', smsOptIn: false };

/** One field's message from the shared schema, or null when it is valid. */
export function validateEnquiryField(name: FieldName, values: EnquiryValues): string | null {
  const result = enquiryFields[name].safeParse(values[name]);
  return result.success ? null : (result.error.issues[0]?.message ?? messages.required);
}

/** The message for a failed enquiry (spec 1 §8 'Enquiry'). */
export function enquiryErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 429) return error.serverMessage ?? messages.enquiryRateLimited;
    let failed: string;
    if (error.status === 0) failed = error.message;
    else if (error.misrouted) failed = messages.enquiryFailedStatus(error.status);
    else failed = messages.enquiryFailedStatus(error.status, error.serverMessage ?? undefined);
    return `${failed} ${messages.enquirySupportHint(brand.supportEmail)}`;
  }
  return `${messages.genericError} ${messages.enquirySupportHint(brand.supportEmail)}`;
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

const fieldId = (name: FieldName) => `enquiry-${name}`;

/** The contact enquiry (spec 1 §2.6, §4 'Enquiry form', §5 'Contact enquiry'). */
export function EnquiryForm() {
  const [values, setValues] = useState<EnquiryValues>(empty);
  const [touched, setTouched] = useState<Partial<Record<FieldName, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const outcomeRef = useRef<HTMLDivElement>(null);

  const errors = Object.fromEntries(FIELD_ORDER.map((name) => [name, validateEnquiryField(name, values)])) as Record<
    FieldName,
    string | null
  >;
  const shownError = (name: FieldName) => serverErrors[name] ?? (touched[name] || submitted ? errors[name] : null);

  function update<K extends FieldName>(name: K, value: EnquiryValues[K]) {
    setValues((v) => ({ ...v, [name]: value }));
    setServerErrors((e) => (e[name] ? { ...e, [name]: undefined } : e));
  }
  const touch = (name: FieldName) => () => setTouched((t) => (t[name] ? t : { ...t, [name]: true }));

  function onPhoneChange(raw: string) {
    const digits = phoneDigits(raw);
    const previous = values.phone;
    // Deleting a bracket, space or dash deletes the digit before it instead of doing nothing.
    update('phone', digits === previous && raw.length < formatPhone(previous).length ? previous.slice(0, -1) : digits);
  }

  function showOutcome(next: { tone: 'success' | 'error'; text: string }) {
    setOutcome(next);
    // After React has drawn it.
    window.setTimeout(() => {
      outcomeRef.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
      outcomeRef.current?.focus({ preventScroll: true });
    }, 0);
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setSubmitted(true);
    setOutcome(null);
    const firstInvalid = FIELD_ORDER.find((name) => errors[name]);
    if (firstInvalid) {
      setTouched(Object.fromEntries(FIELD_ORDER.map((name) => [name, true])));
      formRef.current?.querySelector<HTMLElement>(`#${fieldId(firstInvalid)}`)?.focus();
      return;
    }
    setBusy(true);
    try {
      const answer = await sendEnquiry({
        fullName: values.fullName.trim(),
        email: values.email.trim(),
        phone: values.phone,
        message: values.message.trim(),
        smsOptIn: true,
      });
      setValues(empty);
      setTouched({});
      setSubmitted(false);
      setServerErrors({});
      showOutcome({ tone: 'success', text: answer?.message || messages.enquirySuccess });
    } catch (error) {
      setServerErrors(serverFieldErrors(error));
      showOutcome({ tone: 'error', text: enquiryErrorMessage(error) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form ref={formRef} className="enquiry stack" noValidate onSubmit={onSubmit} aria-labelledby="enquiry-title">
      <div className="grid-2">
        <TextField
          id={fieldId('fullName')}
          name="fullName"
          label="Full name"
          autoComplete="name"
          maxLength={200}
          value={values.fullName}
          error={shownError('fullName')}
          onChange={(e) => update('fullName', e.target.value)}
          onBlur={touch('fullName')}
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
      </div>
      <TextField
        id={fieldId('phone')}
        name="phone"
        label="Phone"
        type="tel"
        inputMode="tel"
        autoComplete="tel-national"
        placeholder="(000) 000-0000"
        maxLength={14}
        value={formatPhone(values.phone)}
        error={shownError('phone')}
        onChange={(e) => onPhoneChange(e.target.value)}
        onBlur={touch('phone')}
      />
      <TextAreaField
        id={fieldId('message')}
        name="message"
        label="Message"
        hint="How can we help? Please do not include details of a medical emergency: call 911."
        rows={5}
        maxLength={ENQUIRY_MESSAGE_MAX}
        value={values.message}
        error={shownError('message')}
        onChange={(e) => update('message', e.target.value)}
        onBlur={touch('message')}
      />
      <Checkbox
        id={fieldId('smsOptIn')}
        name="smsOptIn"
        label={messages.smsConsent}
        checked={values.smsOptIn}
        error={shownError('smsOptIn')}
        onChange={(e) => {
          update('smsOptIn', e.target.checked);
          touch('smsOptIn')();
        }}
        onBlur={touch('smsOptIn')}
      />
      {outcome && (
        <Alert ref={outcomeRef} tone={outcome.tone}>
          {outcome.text}
        </Alert>
      )}
      <div>
        <Button type="submit" busy={busy} disabled={busy} className="enquiry__submit">
          {busy ? 'Sending…' : 'Send enquiry'}
        </Button>
      </div>
    </form>
  );
}
