// /taxRates: the council's assessment rates (GET/PUT /api/TaxRates): ready-reckoner land rate, water
// tax, construction and tax rate per building type (with its legal band), weightage per use, the
// depreciation table and the light/health slabs. The server refuses a tax rate outside its band;
// its message is shown as it comes. The band is also hinted beside the box as the clerk types. The
// save names the version the screen read (If-Match): when someone else saved the rates meanwhile the
// server answers 409 and the screen offers to reload them. Once this tax year is billed a save asks
// whether the rates apply from the next year (default) or to this one under an order (issue 26);
// below the form, the general revision (rule 17) previews every property's tax old → new first.
import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import { BUILDING_TYPE_KEYS, taxRateOutOfBand, USAGE_KEYS, type BuildingType } from '../../../../common/property/assessment.ts';
import HistoryPanel from '../../components/history/HistoryPanel.tsx';
import Loading from '../../components/Loading.tsx';
import { taxYearLabel } from '../../../../common/property/tax.ts';
import { isStale, type AssessmentChange, type RatesResult, type TaxRates } from './api.ts';
import { useRatesQuery, useSaveRates } from './queries.ts';
import PageHeader from './PageHeader.tsx';
import RatesWhenDialog from './RatesWhenDialog.tsx';
import RevisionSection from './RevisionSection.tsx';
import { STALE_MESSAGE } from './shared.ts';

type Row = Record<string, string>;
interface Form {
  landRate: string;
  waterTax: string;
  constructionRate: Record<string, string>;
  taxRate: Record<string, string>;
  weightage: Record<string, string>;
  depreciation: Row[];
  slabs: Row[];
}

const formOf = (r: TaxRates): Form => ({
  landRate: r.landRate,
  waterTax: r.waterTax,
  constructionRate: { ...r.constructionRate },
  taxRate: { ...r.taxRate },
  weightage: { ...r.weightage },
  depreciation: r.depreciation.map((d) => ({ maxAge: d.maxAge === null ? '' : String(d.maxAge), kachha: d.kachha, pucca: d.pucca })),
  slabs: r.slabs.map((s) => ({ maxSqft: s.maxSqft === null ? '' : String(s.maxSqft), divabatti: s.divabatti, arogya: s.arogya })),
});

/** An empty upper limit is the open-ended last band; the server checks the order and the rest. */
const limit = (s: string) => (s.trim() === '' ? null : Number(s.trim()));
const ratesOf = (f: Form): TaxRates => ({
  landRate: f.landRate.trim(),
  waterTax: f.waterTax.trim(),
  constructionRate: Object.fromEntries(Object.entries(f.constructionRate).map(([k, v]) => [k, v.trim()])) as TaxRates['constructionRate'],
  taxRate: Object.fromEntries(Object.entries(f.taxRate).map(([k, v]) => [k, v.trim()])) as TaxRates['taxRate'],
  weightage: Object.fromEntries(Object.entries(f.weightage).map(([k, v]) => [k, v.trim()])) as TaxRates['weightage'],
  depreciation: f.depreciation.map((d) => ({ maxAge: limit(d.maxAge), kachha: d.kachha.trim(), pucca: d.pucca.trim() })),
  slabs: f.slabs.map((s) => ({ maxSqft: limit(s.maxSqft), divabatti: s.divabatti.trim(), arogya: s.arogya.trim() })),
});

function bandHint(type: BuildingType, rate: string): string | null {
  try {
    return taxRateOutOfBand(type, rate.trim());
  } catch {
    return 'संख्या लिहा / Write a number';
  }
}

const num = { inputMode: 'decimal' as const };

function Section({ mr, en, children }: { mr: string; en: string; children: React.ReactNode }) {
  return (
    <Paper variant="outlined" component="section" sx={{ p: { xs: 1.5, sm: 2 }, mb: 2 }}>
      <Typography component="h2" sx={{ fontWeight: 700, color: 'primary.main', mb: 1.5 }}>
        {mr} / {en}
      </Typography>
      {children}
    </Paper>
  );
}

function TableRows({
  rows,
  columns,
  onChange,
  onAdd,
  onRemove,
  name,
}: {
  name: string;
  rows: Row[];
  columns: { key: string; label: string; placeholder?: string }[];
  onChange: (i: number, key: string, value: string) => void;
  onAdd: () => void;
  onRemove: (i: number) => void;
}) {
  return (
    <Box>
      {rows.map((row, i) => (
        <Box
          key={i}
          sx={{
            display: 'grid',
            gridTemplateColumns: `repeat(${columns.length}, minmax(0, 1fr)) 40px`,
            gap: 1,
            mb: 1,
            alignItems: 'center',
          }}
        >
          {columns.map((c) => (
            <TextField
              key={c.key}
              size="small"
              name={`${name}.${i}.${c.key}`}
              label={c.label}
              value={row[c.key]}
              placeholder={c.placeholder}
              onChange={(e) => onChange(i, c.key, e.target.value)}
              slotProps={{ htmlInput: num, inputLabel: { shrink: true } }}
            />
          ))}
          <IconButton aria-label={`ओळ ${i + 1} काढा`} onClick={() => onRemove(i)} disabled={rows.length <= 1}>
            <DeleteIcon />
          </IconButton>
        </Box>
      ))}
      <Button size="small" startIcon={<AddIcon />} onClick={onAdd}>
        ओळ जोडा (Add row)
      </Button>
    </Box>
  );
}

export default function TaxRatesPage() {
  const ratesQ = useRatesQuery();
  const saveRates = useSaveRates();
  // The rates the form was opened at: their version is what a save names.
  const [data, setData] = useState<RatesResult | null>(null);
  const [form, setForm] = useState<Form | null>(null);
  const [error, setError] = useState('');
  const [success, setSuccess] = useState('');
  const [reloading, setReloading] = useState(false);
  const [stale, setStale] = useState(false);
  const [asking, setAsking] = useState(false);
  const busy = reloading || saveRates.isPending;
  const loadError = !data && ratesQ.isError ? ratesQ.error.message || 'Failed to fetch data' : '';

  // The form opens at the first answer; later answers (after someone's save) wait for a reload.
  useEffect(() => {
    if (!data && ratesQ.data) {
      setData(ratesQ.data);
      setForm(formOf(ratesQ.data.rates));
    }
  }, [data, ratesQ.data]);

  const send = async (change: AssessmentChange) => {
    if (!form || !data) return;
    try {
      // The version read (data.version): a save made meanwhile by someone else answers 409.
      const res = await saveRates.mutateAsync({ rates: ratesOf(form), version: data.version, change });
      setData(res.result);
      setForm(formOf(res.result.rates));
      setSuccess(res.message || 'कर दर जतन केले / Rates saved');
    } catch (err) {
      if (isStale(err)) {
        setStale(true);
        setError(STALE_MESSAGE);
      } else setError((err as Error).message || 'Update failed');
    }
  };

  const save = (e: React.FormEvent) => {
    e.preventDefault();
    if (!form || !data) return;
    setError('');
    setSuccess('');
    setStale(false);
    // Billed: the clerk says from when; not yet billed, the rates simply apply from this year.
    if (data.billed) setAsking(true);
    else void send({});
  };

  /** Reads the saved rates again (after a conflict): the form shows them and a save names their version. */
  const reload = async () => {
    setReloading(true);
    try {
      const r = (await ratesQ.refetch({ throwOnError: true })).data!;
      setData(r);
      setForm(formOf(r.rates));
      setError('');
      setStale(false);
    } catch (err) {
      setError((err as Error).message || 'Failed to fetch data');
    } finally {
      setReloading(false);
    }
  };

  const setIn = (group: 'constructionRate' | 'taxRate' | 'weightage', key: string, value: string) =>
    setForm((f) => f && { ...f, [group]: { ...f[group], [key]: value } });
  const setRow = (table: 'depreciation' | 'slabs') => (i: number, key: string, value: string) =>
    setForm((f) => f && { ...f, [table]: f[table].map((r, j) => (j === i ? { ...r, [key]: value } : r)) });

  return (
    <Box sx={{ p: { xs: 1.5, sm: 2, md: 3 }, maxWidth: 1000, mx: 'auto' }}>
      <PageHeader mr="कर दर" en="Assessment rates" current="/taxRates" />
      {loadError && (
        <Alert severity="error" role="alert">
          {loadError}
        </Alert>
      )}
      {!form && !loadError && <Loading />}
      {form && data && (
        <Box component="form" onSubmit={save} noValidate>
          {data.inForce && (
            <Alert severity="info" sx={{ mb: 2 }} data-testid="rates-from">
              हे दर कर वर्ष {taxYearLabel(data.effectiveTaxYear)} पासून लागू होतील; चालू वर्षी {taxYearLabel(data.currentTaxYear)} ला आधीचे दर लागू
              आहेत. / These rates take effect from {taxYearLabel(data.effectiveTaxYear)}; {taxYearLabel(data.currentTaxYear)} keeps the
              earlier ones.
            </Alert>
          )}
          {data.isDefault && (
            <Alert severity="info" sx={{ mb: 2 }} data-testid="rates-default">
              सध्या सामान्य (डीफॉल्ट) दर लागू आहेत; आपल्या ग्रामपंचायतीचे दर जतन करा. / The common defaults apply until you save your own.
            </Alert>
          )}
          <Section mr="जमीन दर व पाणीपट्टी" en="Land rate and water tax">
            <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>
              <TextField
                size="small"
                name="landRate"
                label="रेडीरेकनर जमीन दर ₹/चौ.मी. (Land rate)"
                value={form.landRate}
                onChange={(e) => setForm({ ...form, landRate: e.target.value })}
                slotProps={{ htmlInput: num }}
              />
              <TextField
                size="small"
                name="waterTax"
                label="सामान्य पाणीपट्टी ₹/वर्ष (Water tax)"
                value={form.waterTax}
                onChange={(e) => setForm({ ...form, waterTax: e.target.value })}
                slotProps={{ htmlInput: num }}
              />
            </Box>
          </Section>

          <Section mr="बांधकामाचा प्रकार" en="Building types">
            {BUILDING_TYPE_KEYS.map((k) => {
              const t = data.buildingTypes[k];
              const hint = bandHint(k, form.taxRate[k] ?? '');
              return (
                <Box
                  key={k}
                  sx={{
                    display: 'grid',
                    gridTemplateColumns: { xs: '1fr 1fr', sm: '1.3fr 1fr 1fr' },
                    gap: 1.5,
                    mb: 2,
                    alignItems: 'start',
                  }}
                >
                  <Box sx={{ gridColumn: { xs: '1 / -1', sm: 'auto' } }}>
                    <Typography sx={{ fontWeight: 600 }}>{t.mr}</Typography>
                    <Typography variant="body2" color="text.secondary">
                      {t.en}
                    </Typography>
                  </Box>
                  <TextField
                    size="small"
                    name={`constructionRate.${k}`}
                    label="बांधकाम दर ₹/चौ.मी."
                    value={form.constructionRate[k]}
                    disabled={t.kind === 'none'}
                    onChange={(e) => setIn('constructionRate', k, e.target.value)}
                    slotProps={{ htmlInput: num }}
                  />
                  <TextField
                    size="small"
                    name={`taxRate.${k}`}
                    label="कराचा दर /₹१०००"
                    value={form.taxRate[k]}
                    onChange={(e) => setIn('taxRate', k, e.target.value)}
                    slotProps={{ htmlInput: num }}
                    error={!!hint}
                    helperText={`मर्यादा ${t.min} – ${t.max}${hint ? ' · कायदेशीर मर्यादेबाहेर' : ''}`}
                  />
                </Box>
              );
            })}
          </Section>

          <Section mr="भारांक (वापरानुसार)" en="Weightage by use">
            <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' }, gap: 2 }}>
              {USAGE_KEYS.map((k) => (
                <TextField
                  key={k}
                  size="small"
                  name={`weightage.${k}`}
                  label={`${data.usages[k].mr} (${data.usages[k].en})`}
                  value={form.weightage[k]}
                  onChange={(e) => setIn('weightage', k, e.target.value)}
                  slotProps={{ htmlInput: num }}
                />
              ))}
            </Box>
          </Section>

          <Section mr="घसारा तक्ता (वयानुसार)" en="Depreciation by age">
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
              शेवटच्या ओळीत कमाल वय रिकामे ठेवा / Leave the last band's age empty.
            </Typography>
            <TableRows
              name="depreciation"
              rows={form.depreciation}
              columns={[
                { key: 'maxAge', label: 'कमाल वय (वर्षे)', placeholder: 'पुढे' },
                { key: 'kachha', label: 'कच्चे' },
                { key: 'pucca', label: 'पक्के' },
              ]}
              onChange={setRow('depreciation')}
              onAdd={() => setForm({ ...form, depreciation: [...form.depreciation, { maxAge: '', kachha: '', pucca: '' }] })}
              onRemove={(i) => setForm({ ...form, depreciation: form.depreciation.filter((_, j) => j !== i) })}
            />
          </Section>

          <Section mr="दिवाबत्ती व आरोग्य कर (क्षेत्रफळानुसार)" en="Light and health tax by plot area">
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
              क्षेत्रफळ चौ.फूट मध्ये; शेवटच्या ओळीत रिकामे / Area in sq ft; empty in the last slab.
            </Typography>
            <TableRows
              name="slabs"
              rows={form.slabs}
              columns={[
                { key: 'maxSqft', label: 'कमाल चौ.फूट', placeholder: 'पुढे' },
                { key: 'divabatti', label: 'दिवाबत्ती ₹' },
                { key: 'arogya', label: 'आरोग्य ₹' },
              ]}
              onChange={setRow('slabs')}
              onAdd={() => setForm({ ...form, slabs: [...form.slabs, { maxSqft: '', divabatti: '', arogya: '' }] })}
              onRemove={(i) => setForm({ ...form, slabs: form.slabs.filter((_, j) => j !== i) })}
            />
          </Section>

          {/* The answer stays beside the button, which stays in view while the long form scrolls. */}
          <Box sx={{ position: 'sticky', bottom: 0, py: 1, bgcolor: 'background.default' }}>
            {error && (
              <Alert
                severity={stale ? 'warning' : 'error'}
                role="alert"
                sx={{ mb: 1 }}
                data-testid={stale ? 'rates-stale' : 'rates-error'}
                onClose={stale ? undefined : () => setError('')}
                action={
                  stale ? (
                    <Button color="inherit" size="small" onClick={reload} disabled={busy}>
                      पुन्हा लोड करा (Reload)
                    </Button>
                  ) : undefined
                }
              >
                {error}
              </Alert>
            )}
            {success && (
              <Alert severity="success" sx={{ mb: 1 }} data-testid="rates-success" onClose={() => setSuccess('')}>
                {success}
              </Alert>
            )}
            <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1 }}>
              <Button
                type="button"
                disabled={busy}
                onClick={() => {
                  setForm(formOf(data.rates));
                  setError('');
                }}
              >
                रद्द करा (Undo changes)
              </Button>
              <Button type="submit" variant="contained" disabled={busy}>
                {busy ? 'जतन करत आहे…' : 'दर जतन करा (Save rates)'}
              </Button>
            </Box>
          </Box>
        </Box>
      )}
      {data && <RevisionSection currentTaxYear={data.currentTaxYear} billed={data.billed} />}
      {/* Every saved set of rates of the council, whichever tax year it starts. */}
      {data && <HistoryPanel entity="TaxRateSetting" />}
      {asking && data && (
        <RatesWhenDialog
          currentTaxYear={data.currentTaxYear}
          onAnswer={(change) => {
            setAsking(false);
            if (change) void send(change);
          }}
        />
      )}
    </Box>
  );
}
