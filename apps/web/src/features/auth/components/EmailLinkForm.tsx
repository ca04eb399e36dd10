import { messages } from '@app/shared';
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Alert, Button, TextField } from '../../../components/ui';

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
  const [email, setEmail] = useState(props.initialEmail);
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ tone: 'success' | 'error'; message: string } | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (autoFocus) inputRef.current?.focus();
  }, [autoFocus]);

  const checked = props.check(email);
  const error = touched && !checked.ok ? checked.message : null;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    setResult(null);
    if (!checked.ok) {
      inputRef.current?.focus();
      return;
    }
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
      <form className="stack" noValidate onSubmit={onSubmit}>
        {result && <Alert tone={result.tone}>{result.message}</Alert>}
        <TextField
          ref={inputRef}
          id={`${name}-email`}
          label={props.label}
          type="email"
          autoComplete="email"
          inputMode="email"
          value={email}
          error={error}
          onChange={(e) => setEmail(e.target.value)}
          onBlur={() => setTouched(true)}
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
