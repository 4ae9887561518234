// The live assessment beside the register form: the same function the server stores (common/
// property/assessment.ts), on the council's rates, with the working of each number. Nobody types a
// tax figure; the clerk sees it follow the area, the year and the building type.
import { useMemo } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { Rates } from '../../../../common/property/assessment.ts';
import { ASSESSMENT_LABELS } from '../../../../common/property/fields.ts';
import type { Values } from '../../components/form/values.ts';
import { assessValues } from './assessValues.ts';
import { rupees } from './shared.ts';

const ROWS = ['bhandavaliRateRs', 'gharpatti', 'divabatti', 'arogya', 'panipatti', 'total'] as const;

export default function AssessmentPanel({ rates, values, year }: { rates: Rates | null; values: Values; year: number }) {
  const result = useMemo(() => (rates ? assessValues(rates, values, year) : null), [rates, values, year]);
  return (
    <Paper
      variant="outlined"
      sx={{ p: 2, position: { md: 'sticky' }, top: { md: 16 } }}
      aria-labelledby="assessment-title"
      component="section"
    >
      <Typography id="assessment-title" component="h2" sx={{ fontWeight: 700, color: 'primary.main', mb: 1 }}>
        कर आकारणी ({year}){' '}
        <Typography component="span" color="text.secondary" sx={{ fontSize: 14 }}>
          / Assessment
        </Typography>
      </Typography>
      {!result && <Typography color="text.secondary">दर लोड होत आहेत… / Loading rates…</Typography>}
      {result && !result.ok && <Alert severity="info">{result.problem}</Alert>}
      {result?.ok && (
        <>
          <Box
            component="dl"
            data-testid="assessment"
            sx={{ m: 0, display: 'grid', gridTemplateColumns: '1fr auto', rowGap: 0.5, columnGap: 2 }}
          >
            {ROWS.map((k) => (
              <Box key={k} sx={{ display: 'contents', '& > *': { fontWeight: k === 'total' ? 700 : 400 } }}>
                <Box component="dt">
                  {ASSESSMENT_LABELS[k].mr}{' '}
                  <Box component="span" sx={{ color: 'text.secondary', fontSize: 13 }}>
                    / {ASSESSMENT_LABELS[k].en}
                  </Box>
                </Box>
                <Box component="dd" data-testid={`assessment-${k}`} sx={{ m: 0, textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}>
                  {rupees(result.a[k])}
                </Box>
              </Box>
            ))}
          </Box>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            वय {result.a.age} वर्षे · घसारा {result.a.ghasaraRate} · भारांक {result.a.buildingBharank} · दर {result.a.karachaRateRs}/₹१०००
          </Typography>
          <Box
            component="ol"
            data-testid="assessment-working"
            sx={{ m: 0, mt: 1.5, pl: 2.5, fontSize: 14, '& li': { overflowWrap: 'anywhere', mb: 0.5 } }}
          >
            {result.lines.mr.map((line, i) => (
              <li key={i}>
                {line}
                <Box component="span" sx={{ display: 'block', color: 'text.secondary', fontSize: 12.5 }}>
                  {result.lines.en[i]}
                </Box>
              </li>
            ))}
          </Box>
        </>
      )}
    </Paper>
  );
}
