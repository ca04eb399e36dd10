import type { ReactNode, SelectHTMLAttributes } from 'react';
import { FieldFrame, describedBy } from './text-field';

interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> {
  id: string;
  label: ReactNode;
  error?: string | null;
  options: readonly { value: string; label: string }[];
}

/** A labelled native select, styled and wired like TextField. */
export function SelectField({ id, label, error, options, ...rest }: SelectFieldProps) {
  return (
    <FieldFrame id={id} label={label} error={error}>
      <select id={id} className="input" aria-invalid={error ? true : undefined} aria-describedby={describedBy(id, { error })} {...rest}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}
