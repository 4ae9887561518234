// The tax-year picker of the registers (Namuna 9, DCB): this tax year, as the server counts it (the
// first answer without a year names it), and the ten before it.
import { useEffect, useState } from 'react';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { taxYearLabel } from './labels.ts';

/** This tax year as the server counts it: what the register answered while no year was chosen. */
export function useCurrentTaxYear(chosen: number | undefined, answered: number | undefined) {
  const [current, setCurrent] = useState<number>();
  useEffect(() => {
    if (chosen === undefined && answered !== undefined) setCurrent(answered);
  }, [chosen, answered]);
  return current;
}

export default function TaxYearPicker({
  current,
  value,
  onChange,
}: {
  current: number | undefined;
  value: number | undefined;
  onChange: (year: number) => void;
}) {
  if (current === undefined || value === undefined) return null;
  const years = Array.from({ length: 11 }, (_, i) => current - i);
  return (
    <TextField
      select
      size="small"
      name="taxYear"
      label="कर वर्ष / Tax year"
      value={value}
      onChange={(e) => onChange(Number(e.target.value))}
      sx={{ minWidth: 150 }}
    >
      {years.map((y) => (
        <MenuItem key={y} value={y}>
          {taxYearLabel(y)}
        </MenuItem>
      ))}
    </TextField>
  );
}
