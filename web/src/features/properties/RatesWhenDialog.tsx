// Asked before a rate change is saved once this tax year is billed (issue 26): from the next tax
// year (the default: this year's bill stays), or applied to the current year under an order or
// resolution number, which corrects every billed property's demand by entries shown on the bill.
import { useId, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import { taxYearLabel } from '../../../../common/property/tax.ts';
import type { AssessmentChange } from './api.ts';

export default function RatesWhenDialog({
  currentTaxYear,
  onAnswer,
}: {
  currentTaxYear: number;
  /** The choice, or null when the clerk went back. */
  onAnswer: (change: AssessmentChange | null) => void;
}) {
  const [when, setWhen] = useState<'next' | 'current'>('next');
  const [order, setOrder] = useState('');
  const [missing, setMissing] = useState(false);
  const label = useId();
  const submit = () => {
    if (when === 'current' && !order.trim()) {
      setMissing(true);
      return;
    }
    onAnswer(when === 'next' ? { applyFrom: 'next' } : { applyFrom: 'current', orderReference: order.trim() });
  };
  return (
    <Dialog open onClose={() => onAnswer(null)} aria-labelledby="rates-when-title" fullWidth maxWidth="sm">
      <Box
        component="form"
        noValidate
        onSubmit={(e: React.FormEvent) => {
          e.preventDefault();
          submit();
        }}
      >
        <DialogTitle id="rates-when-title">नवे दर कधीपासून लागू? / From when do the new rates apply?</DialogTitle>
        <DialogContent>
          <FormControl>
            <FormLabel id={label}>
              कर वर्ष {taxYearLabel(currentTaxYear)} ची मागणी झाली आहे. / The demand of {taxYearLabel(currentTaxYear)} is raised.
            </FormLabel>
            <RadioGroup
              aria-labelledby={label}
              name="applyFrom"
              value={when}
              onChange={(e) => setWhen(e.target.value as 'next' | 'current')}
            >
              <FormControlLabel
                value="next"
                control={<Radio />}
                label={`पुढील कर वर्ष ${taxYearLabel(currentTaxYear + 1)} पासून (या वर्षीचे बिल तसेच राहते) / From the next tax year (this year's bill stays)`}
              />
              <FormControlLabel
                value="current"
                control={<Radio />}
                label={`चालू कर वर्ष ${taxYearLabel(currentTaxYear)} ला लागू, आदेशाने (प्रत्येक बिलात दुरुस्ती नोंद) / Apply to the current year under an order (a correction on each bill)`}
              />
            </RadioGroup>
          </FormControl>
          {when === 'current' && (
            <TextField
              autoFocus
              fullWidth
              required
              name="orderReference"
              label="आदेश / ठराव क्रमांक / Order or resolution No."
              value={order}
              onChange={(e) => {
                setOrder(e.target.value);
                setMissing(false);
              }}
              error={missing}
              helperText={missing ? 'आवश्यक / Required' : ' '}
              sx={{ mt: 1 }}
              slotProps={{ htmlInput: { maxLength: 100 } }}
            />
          )}
        </DialogContent>
        <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
          <Button onClick={() => onAnswer(null)}>मागे / Back</Button>
          <Button type="submit" variant="contained">
            दर जतन करा / Save rates
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
