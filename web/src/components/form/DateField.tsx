// The one date box of every form (certificates, news, …). The browser draws the picker in its own
// locale (mm/dd/yyyy on an en-US office PC), so the chosen date is repeated below as day/month/year,
// the way certificates print it. The value is the input's yyyy-mm-dd.
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { formatDateGB } from '../../lib/format.ts';

export type DateFieldProps = Omit<TextFieldProps, 'type' | 'value' | 'onChange' | 'helperText' | 'slotProps'> & {
  value: string;
  onChange: (e: React.ChangeEvent<HTMLInputElement>) => void;
  /** Earliest date allowed (yyyy-mm-dd). */
  min?: string;
  /** Latest date allowed (yyyy-mm-dd). */
  max?: string;
  readOnly?: boolean;
  /** data-testid of the dd/mm/yyyy line. */
  hintTestId?: string;
};

export default function DateField({ value, onChange, min, max, readOnly, hintTestId, ...rest }: DateFieldProps) {
  const gb = value ? formatDateGB(value, '') : '';
  return (
    <TextField
      {...rest}
      type="date"
      value={value}
      onChange={onChange}
      slotProps={{
        htmlInput: { min, max, readOnly },
        inputLabel: { shrink: true },
        formHelperText: (hintTestId ? { 'data-testid': hintTestId } : {}) as object,
      }}
      helperText={gb ? `${gb} (दिवस/महिना/वर्ष · dd/mm/yyyy)` : undefined}
    />
  );
}
