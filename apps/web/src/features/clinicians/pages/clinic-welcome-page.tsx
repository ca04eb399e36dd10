import { clinicianInvitationAcceptSchema, messages, withConfirmation } from '@app/shared';
import { useRef, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { FormPage } from '../../../components/layout/form-page';
import { PageTitle } from '../../../components/layout/page-title';
import { Alert, Button, buttonClass } from '../../../components/ui';
import { ApiError } from '../../../lib/api-client';
import { NewPasswordFields, newPasswordProblem, type NewPasswordValues } from '../../../lib/new-password-fields';
import { useValidatedForm } from '../../../lib/use-validated-form';
import { acceptInvitation } from '../api/clinicians';

const acceptFormSchema = withConfirmation(clinicianInvitationAcceptSchema);
const FIELD_ORDER = ['newPassword', 'confirmPassword'] as const;
const FIELD_IDS: Record<keyof NewPasswordValues, string> = {
  newPassword: 'welcome-new-password',
  confirmPassword: 'welcome-confirm-password',
};

/**
 * /clinic/welcome?token=…, the invitation's page: the new clinician chooses the password they sign
 * in with, under the sign-up rules; the link works once.
 */
export default function ClinicWelcomePage() {
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
      const answer = await acceptInvitation({ token, newPassword: values.newPassword });
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
    <FormPage title="Set your password" intro={<p>Welcome to the clinic. Choose the password you will sign in with.</p>}>
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
