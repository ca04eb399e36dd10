import type { ComponentProps } from 'react';
import { TextField } from './text-field';

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
