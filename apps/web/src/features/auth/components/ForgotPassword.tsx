import { forgotPasswordSchema, messages } from '@app/shared';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Alert, Button, TextField } from '../../../components/ui';
import { ApiError } from '../../../lib/api-client';
import { forgotPassword } from '../api/forgotPassword';

/** The inline "Forgot your password?" block of the sign-in page. */
export function ForgotPassword({ initialEmail, onCancel }: { initialEmail: string; onCancel: () => void }) {
  const [email, setEmail] = useState(initialEmail);
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ tone: 'success' | 'error'; message: string } | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    inputRef.current?.focus();
  }, []);

  const parsed = forgotPasswordSchema.safeParse({ email });
  const error = touched && !parsed.success ? (parsed.error.issues[0]?.message ?? messages.forgotInvalid) : null;

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
      await forgotPassword(parsed.data.email);
      setResult({ tone: 'success', message: messages.forgotSuccess });
    } catch (err) {
      const message = err instanceof ApiError && err.status === 429 ? (err.serverMessage ?? messages.tooManyRequests) : messages.forgotFailed;
      setResult({ tone: 'error', message });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="forgot" aria-labelledby="forgot-title">
      <h2 id="forgot-title" className="forgot__title">
        Reset your password
      </h2>
      <p className="muted">Enter the email address of your account and we will send you a link to choose a new password.</p>
      <form className="stack" noValidate onSubmit={onSubmit}>
        {result && <Alert tone={result.tone}>{result.message}</Alert>}
        <TextField
          ref={inputRef}
          id="forgot-email"
          label="Account email"
          type="email"
          autoComplete="email"
          inputMode="email"
          value={email}
          error={error}
          onChange={(e) => setEmail(e.target.value)}
          onBlur={() => setTouched(true)}
        />
        <div className="row">
          <Button type="submit" disabled={busy} busy={busy}>
            {busy ? 'Sending...' : 'Send reset link'}
          </Button>
          <Button variant="ghost" onClick={onCancel}>
            Cancel
          </Button>
        </div>
      </form>
    </section>
  );
}
