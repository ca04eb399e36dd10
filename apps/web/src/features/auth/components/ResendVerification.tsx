import { emailSchema, messages } from '@app/shared';
import { useRef, useState, type FormEvent } from 'react';
import { Alert, Button, TextField } from '../../../components/ui';
import { errorMessage } from '../../../lib/api-client';
import { resendVerification } from '../api/resendVerification';

const schema = emailSchema();

/** "Send a new link": for a verification link that is spent, expired or unknown. */
export function ResendVerification({ initialEmail }: { initialEmail: string }) {
  const [email, setEmail] = useState(initialEmail);
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ tone: 'success' | 'error'; message: string } | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);

  const parsed = schema.safeParse(email);
  const error = touched && !parsed.success ? (parsed.error.issues[0]?.message ?? messages.email) : null;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    setResult(null);
    if (!parsed.success) {
      inputRef.current?.focus();
      return;
    }
    setBusy(true);
    try {
      await resendVerification(parsed.data);
      setResult({ tone: 'success', message: messages.verificationResent });
    } catch (err) {
      setResult({ tone: 'error', message: errorMessage(err) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="resend" aria-labelledby="resend-title">
      <h2 id="resend-title" className="resend__title">
        Get a new verification link
      </h2>
      <p className="muted">Enter the email address you signed up with and we will send you a fresh link.</p>
      <form className="stack" noValidate onSubmit={onSubmit}>
        {result && <Alert tone={result.tone}>{result.message}</Alert>}
        <TextField
          ref={inputRef}
          id="resend-email"
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          value={email}
          error={error}
          onChange={(e) => setEmail(e.target.value)}
          onBlur={() => setTouched(true)}
        />
        <Button type="submit" block disabled={busy} busy={busy}>
          {busy ? 'Sending...' : 'Send a new link'}
        </Button>
      </form>
    </section>
  );
}
