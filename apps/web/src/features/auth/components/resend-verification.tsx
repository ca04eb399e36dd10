import { emailSchema, messages } from '@app/shared';
import { errorMessage } from '../../../lib/api-client';
import { resendVerification } from '../api/resend-verification';
import { EmailLinkForm, firstIssue } from './email-link-form';

const schema = emailSchema();

/** "Send a new link": for a verification link that is spent, expired or unknown. */
export function ResendVerification({ initialEmail }: { initialEmail: string }) {
  return (
    <EmailLinkForm
      name="resend"
      title="Get a new verification link"
      intro="Enter the email address you signed up with and we will send you a fresh link."
      label="Email"
      submitLabel="Send a new link"
      initialEmail={initialEmail}
      block
      check={(email) => {
        const parsed = schema.safeParse(email);
        return parsed.success ? { ok: true, email: parsed.data } : { ok: false, message: firstIssue(parsed.error.issues) };
      }}
      send={async (email) => {
        await resendVerification(email);
        return messages.verificationResent;
      }}
      failureMessage={errorMessage}
    />
  );
}
