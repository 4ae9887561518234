// The new-property form (spec 2.3): owner, property and assessment facts from the field table, the
// live assessment beside it. Required: malmattaNo, malkacheNav, bhogwatdarakNav, mobileNo, gatNo,
// citySurveyNo (spec 5); the rest may stay empty (numbers count as 0).
import { MESSAGES } from '../../../../common/glossary.ts';
import { SAY } from '../../../../common/messages.ts';
import { useCallback, useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { todayInIndia } from '../../../../common/dates.ts';
import FormSections from '../../components/form/FormSections.tsx';
import { emptyValues, type Values } from '../../components/form/values.ts';
import AssessmentPanel from './AssessmentPanel.tsx';
import { assessValues } from './assessValues.ts';
import { useRates, useRegisterProperty } from './queries.ts';
import { ALL_FIELDS, bodyOf, rupees, SECTIONS } from './shared.ts';

/** A registered property reads the register afresh (queries.ts), so the list shows it. */
export default function RegisterForm() {
  const [values, setValues] = useState<Values>(() => emptyValues(ALL_FIELDS));
  const register = useRegisterProperty();
  const busy = register.isPending;
  const [error, setError] = useState('');
  const [success, setSuccess] = useState('');
  const { rates, error: ratesError } = useRates();
  const year = todayInIndia().getUTCFullYear();
  const assessed = useMemo(() => (rates ? assessValues(rates, values, year) : null), [rates, values, year]);
  const onChange = useCallback((name: string, value: string) => setValues((v) => ({ ...v, [name]: value })), []);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setError('');
    setSuccess('');
    try {
      const res = await register.mutateAsync(bodyOf(ALL_FIELDS, values));
      setSuccess(res.message || MESSAGES.propertyRecorded);
      setValues(emptyValues(ALL_FIELDS));
    } catch (err) {
      setError((err as Error).message || SAY.registerFailed);
    }
  };

  return (
    <Grid container spacing={2} component="form" onSubmit={submit} aria-label="नवीन मालमत्ता नोंदणी" noValidate={false}>
      <Grid size={{ xs: 12, md: 8 }}>
        {success && (
          <Alert severity="success" sx={{ mb: 2 }} data-testid="register-success" onClose={() => setSuccess('')}>
            {success}
          </Alert>
        )}
        {error && (
          <Alert severity="error" sx={{ mb: 2 }} role="alert" data-testid="register-error">
            {error}
          </Alert>
        )}
        <FormSections sections={SECTIONS} values={values} browserChecks onChange={onChange} />
        <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', alignItems: 'center', flexWrap: 'wrap' }}>
          {/* On a phone the working sits below the form: the total is repeated beside the button. */}
          {assessed?.ok && (
            <Typography sx={{ mr: 'auto', fontWeight: 700, display: { md: 'none' } }}>एकूण कर {rupees(assessed.a.total)}</Typography>
          )}
          <Button
            type="button"
            onClick={() => {
              setValues(emptyValues(ALL_FIELDS));
              setError('');
            }}
            disabled={busy}
          >
            रीसेट (Reset)
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {busy ? 'नोंदवत आहे…' : 'नोंदणी करा (Register)'}
          </Button>
        </Box>
      </Grid>
      <Grid size={{ xs: 12, md: 4 }}>
        {ratesError && (
          <Alert severity="warning" sx={{ mb: 1 }}>
            {ratesError}
          </Alert>
        )}
        <AssessmentPanel rates={rates} values={values} year={year} />
      </Grid>
    </Grid>
  );
}
