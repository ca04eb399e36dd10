import { ENQUIRY_MESSAGE_MAX, enquiryFields, messages } from '@app/shared';
import { useRef, useState, type FormEvent } from 'react';
import { Alert, Button, Checkbox, PhoneField, TextAreaField, TextField } from '../../../components/ui';
import { ApiError } from '../../../lib/api-client';
import { brand } from '../../../lib/brand';
import { serverFieldErrors, useValidatedForm } from '../../../lib/use-validated-form';
import { sendEnquiry } from '../api/send-enquiry';

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
function validateEnquiryField(name: FieldName, values: EnquiryValues): string | null {
  const result = enquiryFields[name].safeParse(values[name]);
  return result.success ? null : (result.error.issues[0]?.message ?? messages.required);
}

/** The message for a failed enquiry (docs/product.md, Messages). */
function enquiryErrorMessage(error: unknown): string {
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

const fieldId = (name: FieldName) => `enquiry-${name}`;

/** The contact enquiry (docs/product.md, Public site, Membership and Validation). */
export function EnquiryForm() {
  const formRef = useRef<HTMLFormElement>(null);
  const form = useValidatedForm<EnquiryValues>({
    formRef,
    initialValues: empty,
    fieldOrder: FIELD_ORDER,
    validateField: validateEnquiryField,
    fieldId,
  });
  const { values, setField, touch, visibleError } = form;
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const outcomeRef = useRef<HTMLDivElement>(null);
  const submitRef = useRef<HTMLButtonElement>(null);

  function showOutcome(next: { tone: 'success' | 'error'; text: string }) {
    setOutcome(next);
    // After React has drawn it.
    window.setTimeout(() => {
      outcomeRef.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
      outcomeRef.current?.focus({ preventScroll: true });
    }, 0);
  }

  // The dismissed outcome took the focus with it: it goes to the button that sends another enquiry.
  function dismissOutcome() {
    setOutcome(null);
    submitRef.current?.focus();
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setOutcome(null);
    if (!form.validateAll().ok) return;
    setBusy(true);
    try {
      const answer = await sendEnquiry({
        fullName: values.fullName.trim(),
        email: values.email.trim(),
        phone: values.phone,
        message: values.message.trim(),
        smsOptIn: true,
      });
      form.reset(empty);
      showOutcome({ tone: 'success', text: answer?.message || messages.enquirySuccess });
    } catch (error) {
      form.setServerErrors(serverFieldErrors(error, FIELD_ORDER));
      showOutcome({ tone: 'error', text: enquiryErrorMessage(error) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form ref={formRef} className="enquiry stack" noValidate onSubmit={onSubmit} aria-labelledby="enquiry-title">
      <div className="grid-2">
        <TextField {...form.textFieldProps('fullName')} label="Full name" autoComplete="name" maxLength={200} />
        <TextField {...form.textFieldProps('email')} label="Email" type="email" inputMode="email" autoComplete="email" />
      </div>
      <PhoneField {...form.textFieldProps('phone')} label="Phone" onDigitsChange={(digits) => setField('phone', digits)} />
      <TextAreaField
        {...form.textFieldProps('message')}
        label="Message"
        hint="How can we help? Please do not include details of a medical emergency: call 911."
        rows={5}
        maxLength={ENQUIRY_MESSAGE_MAX}
      />
      <Checkbox
        id={fieldId('smsOptIn')}
        name="smsOptIn"
        label={messages.smsConsent}
        checked={values.smsOptIn}
        error={visibleError('smsOptIn')}
        onChange={(e) => {
          setField('smsOptIn', e.target.checked);
          touch('smsOptIn');
        }}
        onBlur={() => touch('smsOptIn')}
      />
      {outcome && (
        <Alert ref={outcomeRef} tone={outcome.tone} onDismiss={dismissOutcome}>
          {outcome.text}
        </Alert>
      )}
      <div>
        <Button ref={submitRef} type="submit" busy={busy} disabled={busy} className="enquiry__submit">
          {busy ? 'Sending…' : 'Send enquiry'}
        </Button>
      </div>
    </form>
  );
}
