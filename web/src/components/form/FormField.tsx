// One box of a long form, drawn from its field definition (common/fields): Marathi label with the
// English below, digits-only Aadhaar (12) and mobile (10), option lists, dates repeated as
// dd/mm/yyyy, read-only derived values.
import { memo } from 'react';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import type { FieldDef } from '../../../../common/fields/index.ts';
import DateField from './DateField.tsx';
import { maxDate } from './values.ts';

const DIGITS: Partial<Record<FieldDef['type']['t'], number>> = { aadhaar: 12, mobile: 10 };

/** A box with its label above it: Marathi, then the English in grey (floating labels would shrink
 *  Devanagari to an unreadable size). `idPrefix` keeps ids unique when two forms share a page. */
const FormField = memo(function FormField({
  fd,
  value,
  browserChecks,
  onChange,
  idPrefix = 'cert',
}: {
  fd: FieldDef;
  value: string;
  browserChecks: boolean;
  onChange: (name: string, value: string) => void;
  idPrefix?: string;
}) {
  const id = `${idPrefix}-${fd.name}`;
  const t = fd.type;
  const digits = DIGITS[t.t];
  const readOnly = fd.derived;
  const change = (raw: string) => onChange(fd.name, digits ? raw.replace(/\D/g, '').slice(0, digits) : raw);
  const common = {
    id,
    name: fd.name,
    value,
    fullWidth: true,
    size: 'small' as const,
    required: fd.required,
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => change(e.target.value),
    sx: readOnly ? { '& .MuiInputBase-root': { bgcolor: 'action.hover' } } : undefined,
  };

  let input: React.ReactNode;
  if (t.t === 'choice') {
    const options = t.options;
    const unknown = value && !options.some((o) => o.value === value);
    input = (
      <TextField {...common} select slotProps={{ select: { native: true } }}>
        <option value="">-- निवडा / Select --</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.mr} / {o.en}
          </option>
        ))}
        {unknown && <option value={value}>{value}</option>}
      </TextField>
    );
  } else if (t.t === 'date') {
    input = (
      <DateField
        id={id}
        name={fd.name}
        labelledBy={`${id}-label`}
        value={value}
        onChange={change}
        fullWidth
        size="small"
        required={fd.required}
        max={maxDate(fd)}
        readOnly={readOnly}
        hintTestId={`${fd.name}-gb`}
      />
    );
  } else if (t.t === 'int' || t.t === 'decimal') {
    input = (
      <TextField
        {...common}
        type="number"
        slotProps={{ htmlInput: { min: 0, step: t.t === 'int' ? 1 : 0.01, readOnly, inputMode: t.t === 'int' ? 'numeric' : 'decimal' } }}
      />
    );
  } else {
    const multiline = t.t === 'text' && !!t.multiline;
    input = (
      <TextField
        {...common}
        multiline={multiline}
        minRows={multiline ? 2 : undefined}
        slotProps={{
          htmlInput: {
            readOnly,
            ...(digits
              ? {
                  inputMode: 'numeric',
                  pattern: browserChecks ? `\\d{${digits}}` : undefined,
                  maxLength: digits,
                  autoComplete: 'off',
                  title: `${digits} अंकी क्रमांक (${digits} digits)`,
                }
              : {}),
          },
        }}
      />
    );
  }
  return (
    <>
      <Box component="label" id={`${id}-label`} htmlFor={id} sx={{ display: 'block', mb: 0.5, lineHeight: 1.35 }}>
        <Box component="span" sx={{ fontSize: 15, fontWeight: 600 }}>
          {fd.mr}
        </Box>
        {fd.required && (
          <Box component="span" aria-hidden sx={{ color: 'error.main', fontWeight: 700 }}>
            {' '}
            *
          </Box>
        )}
        <Box component="span" sx={{ display: 'block', fontSize: 12.5, color: 'text.secondary' }}>
          {fd.en}
          {readOnly ? ' · आपोआप / automatic' : ''}
        </Box>
      </Box>
      {input}
    </>
  );
});

export default FormField;
