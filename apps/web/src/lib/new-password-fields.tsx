import { messages, newPasswordError } from '@app/shared';
import { PasswordField } from '../components/ui';
import type { ValidatedForm } from './use-validated-form';

export interface NewPasswordValues {
  newPassword: string;
  confirmPassword: string;
}

/**
 * The one rule of the password update and reset forms: the new password's first broken rule, and
 * 'Passwords do not match.' for the confirmation. Neither is told off while still empty.
 */
export function newPasswordProblem(name: PropertyKey, values: NewPasswordValues): string | null {
  if (name === 'newPassword') return values.newPassword ? newPasswordError(values.newPassword) : null;
  if (name === 'confirmPassword')
    return values.confirmPassword && values.confirmPassword !== values.newPassword ? messages.passwordsDoNotMatch : null;
  return null;
}

type TextFieldBinding = ReturnType<ValidatedForm<NewPasswordValues>['textFieldProps']>;

interface NewPasswordFieldsProps {
  /** The form's binding of each field (useValidatedForm's textFieldProps). */
  field: (name: keyof NewPasswordValues) => TextFieldBinding;
  touch: (name: 'confirmPassword') => void;
  newPassword: string;
}

/** New password (with its live checklist) and its confirmation, bound to a form holding both. */
export function NewPasswordFields({ field, touch, newPassword }: NewPasswordFieldsProps) {
  const confirmation = field('confirmPassword');
  return (
    <>
      <PasswordField {...field('newPassword')} label="New password" autoComplete="new-password" checklist />
      <PasswordField
        {...confirmation}
        label="Confirm new password"
        autoComplete="new-password"
        onChange={(event) => {
          confirmation.onChange(event);
          // A confirmation as long as the password is finished: say at once if it differs.
          if (event.target.value.length >= newPassword.length) touch('confirmPassword');
        }}
      />
    </>
  );
}
