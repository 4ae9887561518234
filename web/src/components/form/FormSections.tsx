// The sections of a long form, each a titled fieldset: runs of single fields three to a row, and
// Marathi/English pairs two to a row, side by side.
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { FieldDef } from '../../../../common/fields/index.ts';
import FormField from './FormField.tsx';
import type { Section, Values } from './values.ts';

/** Runs of single fields and of pairs. */
function groups(fields: FieldDef[]): FieldDef[][] {
  const out: FieldDef[][] = [];
  for (const fd of fields) {
    const last = out[out.length - 1];
    if (last && !!last[0].pair === !!fd.pair) last.push(fd);
    else out.push([fd]);
  }
  return out;
}

/** A titled fieldset, also for parts of a form that are not fields (photos). */
export function FormSection({ mr, en, children }: { mr: string; en: string; children: React.ReactNode }) {
  return (
    <Paper
      component="fieldset"
      variant="outlined"
      sx={{ p: { xs: 1.5, sm: 2 }, mb: 2, border: '1px solid', borderColor: 'divider', minWidth: 0 }}
    >
      <Typography component="legend" sx={{ px: 1, fontWeight: 700, color: 'primary.main' }}>
        {mr} / {en}
      </Typography>
      {children}
    </Paper>
  );
}

export default function FormSections({
  sections,
  values,
  browserChecks,
  onChange,
}: {
  sections: readonly Section[];
  values: Values;
  browserChecks: boolean;
  onChange: (name: string, value: string) => void;
}) {
  return sections.map((s) => (
    <FormSection key={s.en} mr={s.mr} en={s.en}>
      {groups(s.fields).map((g) => (
        <Grid container key={g[0].name} columnSpacing={2} rowSpacing={1.5} sx={{ '& + &': { mt: 1.5 } }}>
          {g.map((fd) => (
            <Grid key={fd.name} size={fd.pair ? { xs: 12, sm: 6 } : { xs: 12, sm: 6, md: 4 }}>
              <FormField fd={fd} value={values[fd.name] ?? ''} browserChecks={browserChecks} onChange={onChange} />
            </Grid>
          ))}
        </Grid>
      ))}
    </FormSection>
  ));
}
