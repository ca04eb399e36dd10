import type { InputHTMLAttributes, ReactNode, Ref } from 'react';

export interface CheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type'> {
  id: string;
  label: ReactNode;
  error?: string | null;
  ref?: Ref<HTMLInputElement>;
}

export function Checkbox({ id, label, error, ref, ...rest }: CheckboxProps) {
  return (
    <div className="checkbox">
      <div className="checkbox__row">
        <input
          ref={ref}
          id={id}
          type="checkbox"
          className="checkbox__input"
          aria-invalid={error ? true : undefined}
          {...rest}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        <label className="checkbox__label" htmlFor={id}>
          {label}
        </label>
      </div>
      {error && (
        <span className="field__error" id={`${id}-error`}>
          {error}
        </span>
      )}
    </div>
  );
}
