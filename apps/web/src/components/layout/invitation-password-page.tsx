import { clinicianInvitationAcceptSchema, messages, withConfirmation } from '@app/shared';
import { useRef, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { FormPage } from './form-page';
import { PageTitle } from './page-title';
import { Alert, Button, buttonClass } from '../ui';
import { ApiError } from '../../lib/api-client';
import { NewPasswordFields, newPasswordProblem, type NewPasswordValues } from '../../lib/new-password-fields';
import { useValidatedForm } from '../../lib/use-validated-form';

const acceptFormSchema = withConfirmation(clinicianInvitationAcceptSchema);
const FIELD_ORDER = ['newPassword', 'confirmPassword'] as const;
const FIELD_IDS: Record<keyof NewPasswordValues, string> = {
  newPassword: 'welcome-new-password',
  confirmPassword: 'welcome-confirm-password',
};

interface InvitationPasswordPageProps {
  /** Who the invitation welcomes, above the form. */
  welcome: string;
  /** Spends the link's token to set the password; answers the message to show. */
  accept: (body: { token: string; newPassword: string }) => Promise<{ message: string }>;
}

/**
 * An invitation's page (a clinician's, an admin's): the new staff member chooses the password they
 * sign in with, under the sign-up rules; the link works once.
 */
export function InvitationPasswordPage({ welcome, accept }: InvitationPasswordPageProps) {
  const [search] = useSearchParams();
  const token = search.get('token')?.trim() ?? '';
  const formRef = useRef<HTMLFormElement>(null);
  const form = useValidatedForm<NewPasswordValues>({
    initialValues: { newPassword: '', confirmPassword: '' },
    fieldOrder: FIELD_ORDER,
    validateField: newPasswordProblem,
    formRef,
    fieldId: (name) => FIELD_IDS[name],
  });
  const { values } = form;
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ tone: 'success' | 'error'; message: string } | null>(
    token ? null : { tone: 'error', message: messages.clinicianInvitationInvalid },
  );
  const valid = acceptFormSchema.safeParse({ ...values, token }).success;
  const done = result?.tone === 'success';

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    form.validateAll();
    if (!token || !valid || busy) return;
    setBusy(true);
    setResult(null);
    try {
      const answer = await accept({ token, newPassword: values.newPassword });
      setResult({ tone: 'success', message: answer.message });
    } catch (error) {
      const message =
        error instanceof ApiError && error.status !== 0 ? (error.serverMessage ?? messages.genericError) : messages.genericError;
      setResult({ tone: 'error', message });
    } finally {
      setBusy(false);
    }
  }

  return (
    <FormPage title="Set your password" intro={<p>{welcome} Choose the password you will sign in with.</p>}>
      <PageTitle>Set your password</PageTitle>
      <form ref={formRef} className="stack" noValidate onSubmit={onSubmit} aria-label="Set your password">
        {result && <Alert tone={result.tone}>{result.message}</Alert>}
        {done ? (
          <Link className={buttonClass('primary', 'md', true)} to="/login">
            Sign in
          </Link>
        ) : (
          <>
            <NewPasswordFields field={form.textFieldProps} touch={form.touch} newPassword={values.newPassword} />
            <Button type="submit" block disabled={!token || !valid || busy} busy={busy}>
              {busy ? 'Saving…' : 'Set password'}
            </Button>
          </>
        )}
      </form>
    </FormPage>
  );
}
