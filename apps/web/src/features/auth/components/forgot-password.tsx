import { forgotPasswordSchema, messages } from '@app/shared';
import { Button } from '../../../components/ui';
import { ApiError } from '../../../lib/api-client';
import { forgotPassword } from '../api/forgot-password';
import { EmailLinkForm, firstIssue } from './email-link-form';

/** The inline "Forgot your password?" block of the sign-in page. */
export function ForgotPassword({ initialEmail, onCancel }: { initialEmail: string; onCancel: () => void }) {
  return (
    <EmailLinkForm
      name="forgot"
      title="Reset your password"
      intro="Enter the email address of your account and we will send you a link to choose a new password."
      label="Account email"
      submitLabel="Send reset link"
      initialEmail={initialEmail}
      autoFocus
      check={(email) => {
        const parsed = forgotPasswordSchema.safeParse({ email });
        return parsed.success
          ? { ok: true, email: parsed.data.email }
          : { ok: false, message: firstIssue(parsed.error.issues, messages.forgotInvalid) };
      }}
      send={async (email) => {
        await forgotPassword(email);
        return messages.forgotSuccess;
      }}
      failureMessage={(err) =>
        err instanceof ApiError && err.status === 429 ? (err.serverMessage ?? messages.tooManyRequests) : messages.forgotFailed
      }
    >
      <Button variant="ghost" onClick={onCancel}>
        Cancel
      </Button>
    </EmailLinkForm>
  );
}
