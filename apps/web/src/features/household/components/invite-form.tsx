import { adultInviteSchema, messages } from '@app/shared';
import { useRef, useState, type FormEvent } from 'react';
import { Alert, Button, TextField } from '../../../components/ui';
import { errorMessage } from '../../../lib/api-client';
import { serverFieldErrors, useValidatedForm } from '../../../lib/use-validated-form';
import { useInvite } from '../api/household';

/**
 * "Invite an adult" by e-mail; with a person, the invitation that gives a child who turned 18 their own
 * login, their record with it.
 */
export function InviteForm({ personId, title, onDone }: { personId?: string; title: string; onDone: (message: string | null) => void }) {
  const formRef = useRef<HTMLFormElement>(null);
  const invite = useInvite();
  const [error, setError] = useState<string | null>(null);
  const id = personId ? `invite-${personId}` : 'invite';
  const form = useValidatedForm<{ email: string }>({
    initialValues: { email: '' },
    fieldOrder: ['email'],
    validateField: (_name, values) => {
      const parsed = adultInviteSchema.shape.email.safeParse(values.email);
      return parsed.success ? null : (parsed.error.issues[0]?.message ?? messages.email);
    },
    formRef,
    fieldId: () => `${id}-email`,
  });

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    if (!form.validateAll().ok) return;
    try {
      const sent = await invite.mutateAsync({ email: form.values.email, ...(personId ? { personId } : {}) });
      onDone(sent.message);
    } catch (failure) {
      setError(errorMessage(failure));
      form.setServerErrors(serverFieldErrors(failure, ['email']));
    }
  }

  return (
    <form ref={formRef} className="family__form stack" noValidate onSubmit={(event) => void submit(event)} aria-label={title}>
      <h3 className="family__form-title">{title}</h3>
      {error && <Alert tone="error">{error}</Alert>}
      <TextField
        {...form.textFieldProps('email')}
        id={`${id}-email`}
        type="email"
        label="Their e-mail address"
        hint="They get a link to create their own login, or to link the one they have."
        autoComplete="off"
      />
      <div className="row">
        <Button type="submit" busy={invite.isPending} disabled={invite.isPending}>
          Send the invitation
        </Button>
        <Button variant="ghost" onClick={() => onDone(null)} disabled={invite.isPending}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
