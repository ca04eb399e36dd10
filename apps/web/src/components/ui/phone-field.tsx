import { formatPhone } from '@app/shared';
import { nextPhoneDigits } from '../../lib/phone-input';
import { TextField, type TextFieldProps } from './text-field';

export interface PhoneFieldProps extends Omit<TextFieldProps, 'type' | 'value' | 'onChange'> {
  /** The ten (or fewer, while typing) digits the form keeps. */
  value: string;
  onDigitsChange: (digits: string) => void;
}

/** A US phone number: the form keeps its digits, the field shows them as (314) 555-0100 while typed. */
export function PhoneField({ value, onDigitsChange, ...rest }: PhoneFieldProps) {
  return (
    <TextField
      type="tel"
      inputMode="tel"
      autoComplete="tel-national"
      placeholder="(000) 000-0000"
      maxLength={14}
      {...rest}
      value={formatPhone(value)}
      onChange={(event) => onDigitsChange(nextPhoneDigits(event.target.value, value))}
    />
  );
}
