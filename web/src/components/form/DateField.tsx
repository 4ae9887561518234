// The one date box of every staff form (certificates, news, payments, transfers, SMS, filters):
// day/month/year in one order whatever the browser's locale (the native <input type="date"> draws
// mm/dd/yyyy on an en-US office PC). MUI X's DatePicker (dayjs adapter) with the format DD/MM/YYYY:
// the clerk types 15082020 and reads 15/08/2020, or picks from the calendar. The value in and out
// stays the API's yyyy-mm-dd ('' while empty or not a real date). Only staff chunks import this.
import { useState } from 'react';
import dayjs, { type Dayjs } from 'dayjs';
import { DesktopDatePicker } from '@mui/x-date-pickers/DesktopDatePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import type { PickersLocaleText } from '@mui/x-date-pickers/locales';
import type { SxProps, Theme } from '@mui/material/styles';
import { FOCUS } from '../../app/theme.ts';
import { DATE_HINT, dateError, dateProblem } from './dateWords.ts';

const ISO = 'YYYY-MM-DD';

/** The focus ring of the other text boxes (app/theme.ts) around the picker's frame, not around the
 *  day/month/year inside it. */
const FRAME: SxProps<Theme> = {
  '& .MuiPickersOutlinedInput-root.Mui-focused': { outline: `2px solid ${FOCUS}`, outlineOffset: 2 },
  '& .MuiPickersSectionList-root:focus-visible, & .MuiPickersSectionList-section *:focus-visible': { outline: 'none' },
};

/** The picker's own words, Marathi first (MUI X has no Marathi locale). */
const LOCALE_TEXT: Partial<PickersLocaleText> = {
  previousMonth: 'मागील महिना / Previous month',
  nextMonth: 'पुढील महिना / Next month',
  openDatePickerDialogue: (d) => (d ? `दिनांक निवडा, निवडलेला ${d} / Choose date, selected ${d}` : 'दिनांक निवडा / Choose date'),
  calendarViewSwitchingButtonAriaLabel: (view) => (view === 'year' ? 'दिनदर्शिका दाखवा / Show calendar' : 'वर्ष निवडा / Choose year'),
  fieldClearLabel: 'पुसा / Clear',
  fieldDayPlaceholder: () => 'dd',
  fieldMonthPlaceholder: () => 'mm',
  fieldYearPlaceholder: (p) => 'y'.repeat(p.digitAmount),
  day: 'दिवस / Day',
  month: 'महिना / Month',
  year: 'वर्ष / Year',
  empty: 'रिकामे / Empty',
  dateTableLabel: 'दिनांक निवडा / Pick date',
};

export interface DateFieldProps {
  /** yyyy-mm-dd or ''. */
  value: string;
  /** Called with yyyy-mm-dd, or '' when the box is emptied or holds no real date. */
  onChange: (iso: string) => void;
  /** Id of the box; the helper line is `${id}-helper-text`. */
  id: string;
  name?: string;
  /** The floating label; leave out when a <label> elsewhere names the box (then give `labelledBy`). */
  label?: string;
  /** Id of an outside element naming the box. */
  labelledBy?: string;
  /** Earliest date allowed (yyyy-mm-dd). */
  min?: string;
  /** Latest date allowed (yyyy-mm-dd). */
  max?: string;
  readOnly?: boolean;
  required?: boolean;
  fullWidth?: boolean;
  size?: 'small' | 'medium';
  margin?: 'none' | 'dense' | 'normal';
  sx?: SxProps<Theme>;
  /** The form's own complaint (e.g. a required date left empty), shown when the box has none. */
  errorText?: string;
  onBlur?: () => void;
  /** data-testid of the helper line (the hint, or the error). */
  hintTestId?: string;
  /** data-testid of the box (the group of day, month and year). */
  testId?: string;
}

const parse = (iso: string | undefined): Dayjs | null => (iso ? dayjs(iso) : null);
const isoOf = (d: Dayjs | null): string => (d && d.isValid() ? d.format(ISO) : '');

export default function DateField({
  value,
  onChange,
  id,
  name,
  label,
  labelledBy,
  min,
  max,
  readOnly,
  required,
  fullWidth,
  size,
  margin,
  sx,
  errorText,
  onBlur,
  hintTestId,
  testId,
}: DateFieldProps) {
  // The box keeps what is typed (a half-typed or impossible date too); the form holds only real
  // dates. A new value from outside (a loaded record, a reset) replaces what is typed.
  const [typed, setTyped] = useState<Dayjs | null>(() => parse(value));
  const [outside, setOutside] = useState(value);
  if (value !== outside) {
    setOutside(value);
    if (value !== isoOf(typed)) setTyped(parse(value));
  }
  const [left, setLeft] = useState(false);
  // A date that is not one (half typed, 31/02) is said once the clerk leaves the box, not while the
  // digits go in; a real date out of range at once.
  const problem = dateProblem(typed, min, max);
  const shown = problem === 'invalidDate' ? (left ? problem : null) : problem;
  const error = (shown ? dateError(shown, min, max) : '') || errorText || '';

  return (
    <LocalizationProvider dateAdapter={AdapterDayjs} localeText={LOCALE_TEXT}>
      <DesktopDatePicker
        format="DD/MM/YYYY"
        value={typed}
        minDate={parse(min) ?? undefined}
        maxDate={parse(max) ?? undefined}
        readOnly={readOnly}
        label={label}
        name={name}
        sx={[FRAME, ...(Array.isArray(sx) ? sx : [sx])]}
        onChange={(d) => {
          setTyped(d);
          const iso = dateProblem(d, min, max) ? '' : isoOf(d);
          setOutside(iso);
          if (iso !== value) onChange(iso);
        }}
        slotProps={{
          textField: {
            id,
            required,
            fullWidth,
            size,
            margin,
            error: !!error,
            helperText: error || DATE_HINT,
            onBlur: () => {
              setLeft(true);
              onBlur?.();
            },
            onFocus: () => setLeft(false),
            slotProps: {
              formHelperText: (hintTestId ? { 'data-testid': hintTestId } : {}) as object,
              input: {
                ...(labelledBy ? { 'aria-labelledby': labelledBy } : {}),
                ...(testId ? { 'data-testid': testId } : {}),
              } as object,
            },
          },
        }}
      />
    </LocalizationProvider>
  );
}
