import { invitationSignupSchema, messages } from '@app/shared';
import { useRef, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { FormPage } from '../../../components/layout/form-page';
import { PageTitle } from '../../../components/layout/page-title';
import { Alert, Button, buttonClass, PhoneField, Spinner, TextField } from '../../../components/ui';
import { errorMessage } from '../../../lib/api-client';
import { NewPasswordFields, newPasswordProblem } from '../../../lib/new-password-fields';
import { serverFieldErrors, useValidatedForm } from '../../../lib/use-validated-form';
import { useSession } from '../../auth';
import { useAcceptInvitation, useInvitation, useSignUpThroughInvitation } from '../api/household';

interface SignUpValues {
  firstName: string;
  lastName: string;
  dob: string;
  customerPhone: string;
  zip: string;
  newPassword: string;
  confirmPassword: string;
}
const FIELDS = ['firstName', 'lastName', 'dob', 'customerPhone', 'zip', 'newPassword', 'confirmPassword'] as const;

function signUpProblem(name: keyof SignUpValues, values: SignUpValues): string | null {
  if (name === 'newPassword' || name === 'confirmPassword') return newPasswordProblem(name, values);
  const field = invitationSignupSchema.shape[name].safeParse(values[name]);
  return field.success ? null : (field.error.issues[0]?.message ?? messages.required);
}

/**
 * /household/join?token=…, the invitation's page: a signed-in adult with the invited address joins the
 * family; anyone else creates their own login here (the link proves the address) or signs in first.
 */
export default function JoinHouseholdPage() {
  const [search] = useSearchParams();
  const token = search.get('token')?.trim() ?? '';
  const invitation = useInvitation(token);
  const session = useSession();
  const [done, setDone] = useState<string | null>(null);
  return (
    <FormPage title="Join a family" intro={<p>Your own login, your own visits and health history, on a family membership.</p>}>
      <PageTitle>Join a family</PageTitle>
      {invitation.status === 'pending' && <Spinner label="Checking your invitation…" />}
      {invitation.status === 'error' && <Alert tone="error">{errorMessage(invitation.error, messages.inviteInvalid)}</Alert>}
      {done && (
        <div className="stack">
          <Alert tone="success">{done}</Alert>
          <Link className={buttonClass('primary', 'md', true)} to={session.signedIn ? '/profile' : '/login'}>
            {session.signedIn ? 'Go to your profile' : 'Sign in'}
          </Link>
        </div>
      )}
      {invitation.status === 'success' && !done && (
        <div className="stack">
          <p>
            <strong>{invitation.data.holderName}</strong> invited <strong>{invitation.data.email}</strong> to their family.
          </p>
          {session.signedIn ? (
            <AcceptAsSignedIn token={token} onDone={setDone} />
          ) : (
            <>
              <SignUpThroughLink token={token} onDone={setDone} />
              <p className="muted">
                Already have an account with this address? <Link to="/login">Sign in</Link>, then open the invitation link again.
              </p>
            </>
          )}
        </div>
      )}
    </FormPage>
  );
}

function AcceptAsSignedIn({ token, onDone }: { token: string; onDone: (message: string) => void }) {
  const accept = useAcceptInvitation();
  return (
    <div className="stack">
      {accept.error && <Alert tone="error">{errorMessage(accept.error)}</Alert>}
      <Button
        block
        busy={accept.isPending}
        disabled={accept.isPending}
        onClick={() => accept.mutate(token, { onSuccess: (a) => onDone(a.message) })}
      >
        Accept the invitation
      </Button>
    </div>
  );
}

function SignUpThroughLink({ token, onDone }: { token: string; onDone: (message: string) => void }) {
  const formRef = useRef<HTMLFormElement>(null);
  const signUp = useSignUpThroughInvitation();
  const [error, setError] = useState<string | null>(null);
  const form = useValidatedForm<SignUpValues>({
    initialValues: { firstName: '', lastName: '', dob: '', customerPhone: '', zip: '', newPassword: '', confirmPassword: '' },
    fieldOrder: FIELDS,
    validateField: signUpProblem,
    formRef,
    fieldId: (name) => `join-${name}`,
  });

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    if (!form.validateAll().ok) return;
    const { confirmPassword: _confirmation, ...details } = form.values;
    try {
      onDone((await signUp.mutateAsync(invitationSignupSchema.parse({ ...details, token }))).message);
    } catch (failure) {
      setError(errorMessage(failure));
      form.setServerErrors(serverFieldErrors(failure, FIELDS));
    }
  }

  return (
    <form ref={formRef} className="stack" noValidate onSubmit={(event) => void submit(event)} aria-label="Create your login">
      <h2>Create your login</h2>
      {error && <Alert tone="error">{error}</Alert>}
      <TextField {...form.textFieldProps('firstName')} label="First name" autoComplete="given-name" />
      <TextField {...form.textFieldProps('lastName')} label="Last name" autoComplete="family-name" />
      <TextField {...form.textFieldProps('dob')} type="date" label="Date of birth" hint="You must be 18 or older." />
      <PhoneField
        {...form.textFieldProps('customerPhone')}
        label="Phone number"
        onDigitsChange={(digits) => form.setField('customerPhone', digits)}
      />
      <TextField {...form.textFieldProps('zip')} label="ZIP code" autoComplete="postal-code" maxLength={10} />
      <NewPasswordFields field={form.textFieldProps} touch={form.touch} newPassword={form.values.newPassword} />
      <Button type="submit" block busy={signUp.isPending} disabled={signUp.isPending}>
        Create my login and join
      </Button>
    </form>
  );
}
