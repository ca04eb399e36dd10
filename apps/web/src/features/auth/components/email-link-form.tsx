import { messages } from '@app/shared';
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Alert, Button, TextField } from '../../../components/ui';
import { useValidatedForm } from '../../../lib/use-validated-form';

type Checked = { ok: true; email: string } | { ok: false; message: string };

interface EmailLinkFormProps {
  /** Names the block's class and element ids: `forgot`, `resend`. */
  name: string;
  title: string;
  intro: string;
  label: string;
  submitLabel: string;
  initialEmail: string;
  autoFocus?: boolean;
  /** The button fills the width when there is no other action beside it. */
  block?: boolean;
  check: (email: string) => Checked;
  /** Sends the request and answers the message to show. */
  send: (email: string) => Promise<string>;
  failureMessage: (error: unknown) => string;
  /** Other actions beside the submit button. */
  children?: ReactNode;
}

/** An "e-mail me a link" block: one address field, one request, one neutral answer. */
export function EmailLinkForm(props: EmailLinkFormProps) {
  const { name, autoFocus } = props;
  const formRef = useRef<HTMLFormElement>(null);
  const form = useValidatedForm<{ email: string }>({
    initialValues: { email: props.initialEmail },
    fieldOrder: ['email'],
    validateField: (_, values) => {
      const checked = props.check(values.email);
      return checked.ok ? null : checked.message;
    },
    formRef,
    fieldId: () => `${name}-email`,
  });
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ tone: 'success' | 'error'; message: string } | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (autoFocus) inputRef.current?.focus();
  }, [autoFocus]);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setResult(null);
    const checked = props.check(form.values.email);
    if (!form.validateAll().ok || !checked.ok) return;
    setBusy(true);
    try {
      setResult({ tone: 'success', message: await props.send(checked.email) });
    } catch (err) {
      setResult({ tone: 'error', message: props.failureMessage(err) });
    } finally {
      setBusy(false);
    }
  }

  const submit = (
    <Button type="submit" block={props.block} disabled={busy} busy={busy}>
      {busy ? 'Sending...' : props.submitLabel}
    </Button>
  );
  return (
    <section className={name} aria-labelledby={`${name}-title`}>
      <h2 id={`${name}-title`} className={`${name}__title`}>
        {props.title}
      </h2>
      <p className="muted">{props.intro}</p>
      <form ref={formRef} className="stack" noValidate onSubmit={onSubmit}>
        {result && <Alert tone={result.tone}>{result.message}</Alert>}
        <TextField
          ref={inputRef}
          {...form.textFieldProps('email')}
          label={props.label}
          type="email"
          autoComplete="email"
          inputMode="email"
        />
        {props.children ? (
          <div className="row">
            {submit}
            {props.children}
          </div>
        ) : (
          submit
        )}
      </form>
    </section>
  );
}

/** The first message of a failed zod parse, or `fallback`. */
export const firstIssue = (issues: { message: string }[], fallback: string = messages.email) => issues[0]?.message ?? fallback;
