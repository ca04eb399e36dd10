import type { InputHTMLAttributes, ReactNode, Ref, TextareaHTMLAttributes } from 'react';

interface FieldFrameProps {
  id: string;
  label: ReactNode;
  optional?: boolean;
  hint?: ReactNode;
  error?: string | null;
  children: ReactNode;
  className?: string;
}

/** Label, control, hint and error, wired together with htmlFor and ids. */
export function FieldFrame({ id, label, optional, hint, error, children, className }: FieldFrameProps) {
  return (
    <div className={['field', className].filter(Boolean).join(' ')}>
      <label className="field__label" htmlFor={id}>
        {label}
        {optional && <span className="field__optional"> (optional)</span>}
      </label>
      {children}
      {hint && (
        <span className="field__hint" id={`${id}-hint`}>
          {hint}
        </span>
      )}
      {error && (
        <span className="field__error" id={`${id}-error`}>
          {error}
        </span>
      )}
    </div>
  );
}

/** The aria-describedby of a control: its hint, its error and anything else it names. */
export const describedBy = (id: string, opts: { hint?: unknown; error?: unknown; extra?: string | undefined }) =>
  [opts.hint ? `${id}-hint` : null, opts.error ? `${id}-error` : null, opts.extra].filter(Boolean).join(' ') || undefined;

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  id: string;
  label: ReactNode;
  optional?: boolean;
  hint?: ReactNode;
  error?: string | null;
  ref?: Ref<HTMLInputElement>;
  fieldClassName?: string;
}

export function TextField({ id, label, optional, hint, error, className, fieldClassName, ref, ...rest }: TextFieldProps) {
  return (
    <FieldFrame id={id} label={label} optional={optional} hint={hint} error={error} className={fieldClassName}>
      <input
        ref={ref}
        id={id}
        className={['input', className].filter(Boolean).join(' ')}
        aria-invalid={error ? true : undefined}
        {...rest}
        aria-describedby={describedBy(id, { hint, error, extra: rest['aria-describedby'] })}
      />
    </FieldFrame>
  );
}

export interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> {
  id: string;
  label: ReactNode;
  optional?: boolean;
  hint?: ReactNode;
  error?: string | null;
  ref?: Ref<HTMLTextAreaElement>;
}

export function TextAreaField({ id, label, optional, hint, error, className, ref, ...rest }: TextAreaFieldProps) {
  return (
    <FieldFrame id={id} label={label} optional={optional} hint={hint} error={error}>
      <textarea
        ref={ref}
        id={id}
        className={['input', className].filter(Boolean).join(' ')}
        aria-invalid={error ? true : undefined}
        {...rest}
        aria-describedby={describedBy(id, { hint, error, extra: rest['aria-describedby'] })}
      />
    </FieldFrame>
  );
}
