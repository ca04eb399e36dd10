import type { ComponentProps, ReactNode, SelectHTMLAttributes } from 'react';
import { FieldFrame, TextField, describedBy } from '../../../components/ui';

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

type AmountFieldProps = Omit<ComponentProps<typeof TextField>, 'value' | 'onBlur'> & {
  value: string;
  onBlur: () => void;
  /** Called on leaving the field with the amount written to 2 decimals (docs/product.md, Constants). */
  onTwoDecimals: (formatted: string) => void;
};

/** A money amount to the cent: a number field that shows two decimals once it is left. */
export function AmountField({ onTwoDecimals, onBlur, ...field }: AmountFieldProps) {
  return (
    <TextField
      {...field}
      type="number"
      inputMode="decimal"
      min={0}
      step={0.01}
      onBlur={() => {
        onBlur();
        const amount = Number(field.value);
        if (field.value.trim() && Number.isFinite(amount)) onTwoDecimals(amount.toFixed(2));
      }}
    />
  );
}

/** Read-only facts as a description list; entries without a value are left out (docs/product.md, Admin dashboard). */
export function Facts({ items, empty }: { items: readonly (readonly [string, ReactNode])[]; empty?: string }) {
  const shown = items.filter(([, value]) => value !== null && value !== undefined && value !== '');
  if (shown.length === 0) return empty ? <p className="muted">{empty}</p> : null;
  return (
    <dl className="facts">
      {shown.map(([label, value]) => (
        <div key={label} className="facts__row">
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
