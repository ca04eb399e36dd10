import { useState, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { PasswordChecklist } from './password-checklist';
import { FieldFrame, describedBy } from './text-field';

export interface PasswordFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type' | 'value'> {
  id: string;
  label: ReactNode;
  value: string;
  hint?: ReactNode;
  error?: string | null;
  /** Shows the live rule checklist under the field. */
  checklist?: boolean;
  ref?: Ref<HTMLInputElement>;
}

/** A password input with a Show/Hide toggle and, for new passwords, the live checklist. */
export function PasswordField({ id, label, value, hint, error, checklist = false, className, ref, ...rest }: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  const checklistId = `${id}-rules`;
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error}>
      <div className="input-wrap">
        <input
          ref={ref}
          id={id}
          type={visible ? 'text' : 'password'}
          className={['input', className].filter(Boolean).join(' ')}
          value={value}
          aria-invalid={error ? true : undefined}
          autoCapitalize="off"
          autoCorrect="off"
          spellCheck={false}
          {...rest}
          aria-describedby={describedBy(id, { hint, error, extra: checklist ? checklistId : undefined })}
        />
        <button
          type="button"
          className="input-wrap__toggle"
          aria-controls={id}
          aria-pressed={visible}
          onClick={() => setVisible((v) => !v)}
        >
          {visible ? 'Hide' : 'Show'} <span className="sr-only">password</span>
        </button>
      </div>
      {checklist && <PasswordChecklist id={checklistId} value={value} />}
    </FieldFrame>
  );
}
