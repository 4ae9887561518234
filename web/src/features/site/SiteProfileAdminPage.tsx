// /siteProfile (our addition, issue 3 point 2): staff edit their council's public content — office
// name, contacts, statistics, facilities, schools, anganwadis, schemes, committees, services —
// GET /api/Site/profile/mine, PUT /api/Site/profile. Lists one item a line are edited as text areas.
import { useState, useRef } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import AdminHeader from '../../components/AdminHeader.tsx';
import { SETUP_FIELDS } from '../../../../common/site-setup.ts';
import HistoryPanel from '../../components/history/HistoryPanel.tsx';
import { labelsOf } from '../../components/history/words.ts';
import { ApiError, messageOf } from '../../lib/api.ts';
import {
  BENEFICIARIES,
  BENEFICIARY_LABELS,
  profileBody,
  type Centre,
  type Committee,
  type Scheme,
  type Service,
  type SiteProfile,
  type SiteProfileInput,
  type Stat,
} from './api.ts';
import { useSaveMyProfile } from './queries.ts';
import LogoField from './LogoField.tsx';
import MyProfile from './MyProfile.tsx';
import { setupLabel } from '../../../../common/site-setup.ts';
import { useFocusClear } from '../../components/form/useFocusClear.ts';

/** The form keeps coordinates as typed; lists keep blank lines while typing and drop them on save. */
type Form = Omit<SiteProfileInput, 'latitude' | 'longitude'> & { latitude: string; longitude: string };

/** Stat kinds: `card` is the label a new card of that kind starts with. */
const STAT_KEYS: { key: string; label: string; card?: string }[] = [
  { key: '', label: '— (साधे कार्ड)' },
  { key: 'population', label: 'population (लोकसंख्या)', card: 'लोकसंख्या' },
  { key: 'families', label: 'families (कुटुंबे)', card: 'कुटुंबे' },
  { key: 'farmland', label: 'farmland (शेती)', card: 'शेती क्षेत्र' },
  { key: 'schools', label: 'schools (शाळांची यादी उघडते)', card: 'शाळा' },
  { key: 'anganwadis', label: 'anganwadis (अंगणवाड्यांची यादी उघडते)', card: 'अंगणवाडी केंद्रे' },
];

/** The usual cards, offered empty to a profile that has none yet; rows left without a value are
 *  not saved, so nothing shows in public until the office enters it. */
const USUAL_STATS: Stat[] = STAT_KEYS.flatMap((k) => (k.card ? [{ key: k.key, label: k.card, value: '' }] : []));

function toForm(p: SiteProfile): Form {
  const rest = profileBody(p);
  return {
    ...rest,
    stats: rest.stats.length ? rest.stats : structuredClone(USUAL_STATS),
    latitude: p.latitude === null ? '' : String(p.latitude),
    longitude: p.longitude === null ? '' : String(p.longitude),
  };
}

const clean = (lines: string[]) => lines.map((l) => l.trim()).filter(Boolean);

function toBody(f: Form): SiteProfileInput | string {
  const coord = (v: string, name: string, limit: number) => {
    if (!v.trim()) return null;
    const n = Number(v.trim());
    return Number.isFinite(n) && Math.abs(n) <= limit ? n : `${name} must be a number between -${limit} and ${limit}`;
  };
  const latitude = coord(f.latitude, 'latitude', 90);
  const longitude = coord(f.longitude, 'longitude', 180);
  if (typeof latitude === 'string') return latitude;
  if (typeof longitude === 'string') return longitude;
  return {
    ...f,
    latitude,
    longitude,
    stats: f.stats.filter((st) => st.value.trim()),
    facilities: clean(f.facilities),
    schemes: f.schemes.map((s) => ({ ...s, eligibility: clean(s.eligibility), benefits: clean(s.benefits) })),
    committees: f.committees.map((c) => ({ ...c, members: clean(c.members), responsibilities: clean(c.responsibilities) })),
  };
}

function Lines({ label, value, onChange, rows = 3 }: { label: string; value: string[]; onChange: (v: string[]) => void; rows?: number }) {
  return (
    <TextField
      label={label}
      helperText="एका ओळीत एक (one per line)"
      fullWidth
      multiline
      minRows={rows}
      size="small"
      value={value.join('\n')}
      onChange={(e) => onChange(e.target.value.split('\n'))}
    />
  );
}

function Block({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Paper component="section" aria-label={title} sx={{ p: { xs: 2, md: 3 }, mb: 3 }}>
      <Typography variant="h6" component="h2" sx={{ fontWeight: 700, mb: 2 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/** Rows of one kind with add and remove buttons. */
function Rows<T>({
  items,
  onChange,
  blank,
  noun,
  render,
}: {
  items: T[];
  onChange: (items: T[]) => void;
  blank: T;
  noun: string;
  render: (item: T, set: (patch: Partial<T>) => void, index: number) => React.ReactNode;
}) {
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      {items.map((item, i) => (
        <Box key={i} data-testid={`row-${noun}`} sx={{ p: 2, pr: 6, border: '1px solid #dfe6f0', borderRadius: 2, position: 'relative' }}>
          <IconButton
            aria-label={`${noun} ${i + 1} काढा`}
            size="small"
            color="error"
            sx={{ position: 'absolute', right: 6, top: 6 }}
            onClick={() => onChange(items.filter((_, j) => j !== i))}
          >
            <DeleteIcon fontSize="small" />
          </IconButton>
          {render(item, (patch) => onChange(items.map((x, j) => (j === i ? { ...x, ...patch } : x))), i)}
        </Box>
      ))}
      <Box>
        <Button startIcon={<AddIcon />} onClick={() => onChange([...items, structuredClone(blank)])}>
          {noun} जोडा
        </Button>
      </Box>
    </Box>
  );
}

const num = (v: string) => Math.max(0, Math.floor(Number(v) || 0));

function CentreRow({ c, set, head }: { c: Centre; set: (p: Partial<Centre>) => void; head: string }) {
  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, md: 6 }}>
        <TextField label="नाव (name)" fullWidth size="small" value={c.name} onChange={(e) => set({ name: e.target.value })} />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <TextField label={head} fullWidth size="small" value={c.head} onChange={(e) => set({ head: e.target.value })} />
      </Grid>
      <Grid size={{ xs: 6, md: 3 }}>
        <TextField
          label="मुले / विद्यार्थी"
          type="number"
          fullWidth
          size="small"
          value={c.children}
          onChange={(e) => set({ children: num(e.target.value) })}
        />
      </Grid>
      <Grid size={{ xs: 6, md: 3 }}>
        <TextField
          label="शिक्षक / कर्मचारी"
          type="number"
          fullWidth
          size="small"
          value={c.teachers}
          onChange={(e) => set({ teachers: num(e.target.value) })}
        />
      </Grid>
    </Grid>
  );
}

const HISTORY_LABELS = labelsOf(SETUP_FIELDS);

export default function SiteProfileAdminPage() {
  return (
    <Box sx={{ p: { xs: 2, md: 4 }, maxWidth: 1100 }}>
      <AdminHeader title="संकेतस्थळ माहिती (Site profile)" />
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        सार्वजनिक संकेतस्थळावर दिसणारी कार्यालयाची माहिती. जतन केल्यावर मुख्यपृष्ठ लगेच बदलते.
      </Typography>
      <MyProfile form={(profile) => <ProfileForm profile={profile} />} />
    </Box>
  );
}

/** The form takes the profile once: a later read does not overwrite what is being typed. */
function ProfileForm({ profile }: { profile: SiteProfile }) {
  // The sticky Save bar never covers the field that has focus.
  const actions = useRef<HTMLDivElement>(null);
  useFocusClear(actions);
  const [form, setForm] = useState<Form>(() => toForm(profile));
  const [error, setError] = useState('');
  const [message, setMessage] = useState('');
  const saveProfile = useSaveMyProfile();
  const busy = saveProfile.isPending;
  // The version the form was opened at: the save names it (If-Match), so another clerk's save in
  // between is reported instead of overwritten.
  const [version, setVersion] = useState(profile.version);

  const set = (patch: Partial<Form>) => setForm((f) => ({ ...f, ...patch }));

  const save = async (e: React.FormEvent) => {
    e.preventDefault();
    setError('');
    setMessage('');
    const body = toBody(form);
    if (typeof body === 'string') return setError(body);
    try {
      const saved = await saveProfile.mutateAsync({ ...body, version });
      setForm(toForm(saved));
      setVersion(saved.version);
      setMessage('माहिती जतन केली! (Site profile saved)');
    } catch (err) {
      if (err instanceof ApiError && err.status === 409)
        setError(`ही माहिती तुम्ही उघडल्यानंतर दुसऱ्या कोणीतरी जतन केली आहे. पृष्ठ पुन्हा उघडा व तुमचे बदल पुन्हा करा. (${err.message})`);
      else setError(messageOf(err));
    }
  };

  const text = (
    key: keyof Form & string,
    label: string,
    extra: { multiline?: boolean; md?: number; type?: string; helper?: string } = {},
  ) => (
    <Grid size={{ xs: 12, md: extra.md ?? 6 }}>
      <TextField
        label={label}
        fullWidth
        size="small"
        multiline={extra.multiline}
        minRows={extra.multiline ? 4 : undefined}
        type={extra.type}
        helperText={extra.helper}
        placeholder={SETUP_FIELDS.find((f) => f.name === key)?.example}
        value={(form[key] as string | undefined) ?? ''}
        onChange={(e) => set({ [key]: e.target.value } as Partial<Form>)}
      />
    </Grid>
  );

  return (
    <Box component="form" noValidate onSubmit={save}>
      <Block title="कार्यालय (Office)">
        <Grid container spacing={2}>
          {text('officeName', 'कार्यालयाचे नाव (Office name, Marathi)')}
          {text('officeNameEnglish', 'Office name (English)')}
          {text('block', setupLabel('block'), { md: 3 })}
          {text('blockEnglish', setupLabel('blockEnglish'), { md: 3 })}
          {text('district', setupLabel('district'), { md: 3 })}
          {text('districtEnglish', setupLabel('districtEnglish'), { md: 3 })}
          {text('address', 'पत्ता (Address)', { md: 9 })}
          {text('postalCode', 'पिन कोड (Postal code)', { md: 3 })}
          {text('phone', 'दूरध्वनी (Phone)', { md: 4, type: 'tel' })}
          {text('email', 'ई-मेल (E-mail)', { md: 4, type: 'email' })}
          <Grid size={{ xs: 12, md: 4 }}>
            <LogoField label="लोगो (Logo)" value={form.logoUrl} onChange={(logoUrl) => set({ logoUrl })} />
          </Grid>
          {text('facebookUrl', 'फेसबुक पान (Facebook page)', { md: 4, type: 'url', helper: 'https://… ; रिकामे: चिन्ह नाही' })}
          {text('twitterUrl', 'एक्स खाते (X / Twitter)', { md: 4, type: 'url', helper: 'https://… ; रिकामे: चिन्ह नाही' })}
          {text('instagramUrl', 'इंस्टाग्राम खाते (Instagram)', { md: 4, type: 'url', helper: 'https://… ; रिकामे: चिन्ह नाही' })}
          {text('latitude', 'Latitude', { md: 3, helper: 'e.g. 18.5204' })}
          {text('longitude', 'Longitude', { md: 3, helper: 'e.g. 73.8567' })}
          {text('summary', 'गावाविषयी (Summary)', { md: 12, multiline: true })}
          {text('upiId', 'UPI आयडी (UPI id of the panchayat account)', {
            md: 6,
            helper: 'उदा. gp.sonagaon@sbi — दिल्यास कर मागणी बिलावर UPI QR छापला जातो / With it, tax bills carry a UPI QR',
          })}
          {text('upiPayeeName', 'UPI वरील नाव (Payee name)', { md: 6, helper: 'रिकामे: कार्यालयाचे नाव / Empty: the office name' })}
        </Grid>
      </Block>

      <Block title="आकडेवारी (Statistics)">
        <Rows<Stat>
          items={form.stats}
          onChange={(stats) => set({ stats })}
          blank={{ key: '', label: '', value: '' }}
          noun="आकडा"
          render={(s, setS) => {
            const keys = STAT_KEYS.some((k) => k.key === (s.key ?? '')) ? STAT_KEYS : [...STAT_KEYS, { key: s.key!, label: s.key! }];
            return (
              <Grid container spacing={2}>
                <Grid size={{ xs: 12, md: 4 }}>
                  <TextField
                    select
                    label="प्रकार (key)"
                    fullWidth
                    size="small"
                    value={s.key ?? ''}
                    slotProps={{ select: { native: true } }}
                    onChange={(e) => setS({ key: e.target.value || undefined })}
                  >
                    {keys.map((k) => (
                      <option key={k.key} value={k.key}>
                        {k.label}
                      </option>
                    ))}
                  </TextField>
                </Grid>
                <Grid size={{ xs: 6, md: 4 }}>
                  <TextField label="नाव (label)" fullWidth size="small" value={s.label} onChange={(e) => setS({ label: e.target.value })} />
                </Grid>
                <Grid size={{ xs: 6, md: 4 }}>
                  <TextField label="मूल्य (value)" fullWidth size="small" value={s.value} onChange={(e) => setS({ value: e.target.value })} />
                </Grid>
              </Grid>
            );
          }}
        />
      </Block>

      <Block title="सुविधा (Facilities)">
        <Lines label="सुविधा" value={form.facilities} onChange={(facilities) => set({ facilities })} />
      </Block>

      <Block title="शाळा (Schools)">
        <Rows<Centre>
          items={form.schools}
          onChange={(schools) => set({ schools })}
          blank={{ name: '', head: '', children: 0, teachers: 0 }}
          noun="शाळा"
          render={(c, setC) => <CentreRow c={c} set={setC} head="मुख्याध्यापक (principal)" />}
        />
      </Block>

      <Block title="अंगणवाडी केंद्रे (Anganwadi centres)">
        <Rows<Centre>
          items={form.anganwadis}
          onChange={(anganwadis) => set({ anganwadis })}
          blank={{ name: '', head: '', children: 0, teachers: 0 }}
          noun="अंगणवाडी"
          render={(c, setC) => <CentreRow c={c} set={setC} head="सेविका / पर्यवेक्षिका (supervisor)" />}
        />
      </Block>

      <Block title="शासकीय योजना (Schemes)">
        <Rows<Scheme>
          items={form.schemes}
          onChange={(schemes) => set({ schemes })}
          noun="योजना"
          blank={{ title: '', description: '', badge: '', beneficiary: 'General', details: '', eligibility: [], benefits: [] }}
          render={(s, setS) => (
            <Grid container spacing={2}>
              <Grid size={{ xs: 12, md: 6 }}>
                <TextField label="शीर्षक (title)" fullWidth size="small" value={s.title} onChange={(e) => setS({ title: e.target.value })} />
              </Grid>
              <Grid size={{ xs: 6, md: 3 }}>
                <TextField label="बॅज (badge)" fullWidth size="small" value={s.badge} onChange={(e) => setS({ badge: e.target.value })} />
              </Grid>
              <Grid size={{ xs: 6, md: 3 }}>
                <TextField
                  select
                  label="लाभार्थी"
                  fullWidth
                  size="small"
                  value={s.beneficiary}
                  slotProps={{ select: { native: true } }}
                  onChange={(e) => setS({ beneficiary: e.target.value as Scheme['beneficiary'] })}
                >
                  {BENEFICIARIES.map((b) => (
                    <option key={b} value={b}>
                      {BENEFICIARY_LABELS[b]} ({b})
                    </option>
                  ))}
                </TextField>
              </Grid>
              <Grid size={12}>
                <TextField
                  label="थोडक्यात (description)"
                  fullWidth
                  size="small"
                  multiline
                  value={s.description}
                  onChange={(e) => setS({ description: e.target.value })}
                />
              </Grid>
              <Grid size={12}>
                <TextField
                  label="तपशील (details)"
                  fullWidth
                  size="small"
                  multiline
                  minRows={2}
                  value={s.details}
                  onChange={(e) => setS({ details: e.target.value })}
                />
              </Grid>
              <Grid size={{ xs: 12, md: 6 }}>
                <Lines label="पात्रता (eligibility)" value={s.eligibility} onChange={(eligibility) => setS({ eligibility })} />
              </Grid>
              <Grid size={{ xs: 12, md: 6 }}>
                <Lines label="लाभ (benefits)" value={s.benefits} onChange={(benefits) => setS({ benefits })} />
              </Grid>
            </Grid>
          )}
        />
      </Block>

      <Block title="ग्राम समित्या (Committees)">
        <Rows<Committee>
          items={form.committees}
          onChange={(committees) => set({ committees })}
          noun="समिती"
          blank={{ name: '', chairperson: '', viceChairperson: '', members: [], responsibilities: [] }}
          render={(c, setC) => (
            <Grid container spacing={2}>
              <Grid size={{ xs: 12, md: 4 }}>
                <TextField
                  label="समितीचे नाव (name)"
                  fullWidth
                  size="small"
                  value={c.name}
                  onChange={(e) => setC({ name: e.target.value })}
                />
              </Grid>
              <Grid size={{ xs: 6, md: 4 }}>
                <TextField
                  label="अध्यक्ष (chairperson)"
                  fullWidth
                  size="small"
                  value={c.chairperson}
                  onChange={(e) => setC({ chairperson: e.target.value })}
                />
              </Grid>
              <Grid size={{ xs: 6, md: 4 }}>
                <TextField
                  label="उपाध्यक्ष (vice-chairperson)"
                  fullWidth
                  size="small"
                  value={c.viceChairperson}
                  onChange={(e) => setC({ viceChairperson: e.target.value })}
                />
              </Grid>
              <Grid size={{ xs: 12, md: 6 }}>
                <Lines label="सदस्य (members)" value={c.members} onChange={(members) => setC({ members })} />
              </Grid>
              <Grid size={{ xs: 12, md: 6 }}>
                <Lines
                  label="जबाबदाऱ्या (responsibilities)"
                  value={c.responsibilities}
                  onChange={(responsibilities) => setC({ responsibilities })}
                />
              </Grid>
            </Grid>
          )}
        />
      </Block>

      <Block title="सेवा (Services)">
        <Rows<Service>
          items={form.services}
          onChange={(services) => set({ services })}
          noun="सेवा"
          blank={{ title: '', description: '' }}
          render={(s, setS) => (
            <Grid container spacing={2}>
              <Grid size={{ xs: 12, md: 5 }}>
                <TextField label="सेवा (title)" fullWidth size="small" value={s.title} onChange={(e) => setS({ title: e.target.value })} />
              </Grid>
              <Grid size={{ xs: 12, md: 7 }}>
                <TextField
                  label="वर्णन (description)"
                  fullWidth
                  size="small"
                  value={s.description}
                  onChange={(e) => setS({ description: e.target.value })}
                />
              </Grid>
            </Grid>
          )}
        />
      </Block>

      {/* The council has one profile: its history is every entry of the kind. */}
      <HistoryPanel entity="SiteProfile" labels={HISTORY_LABELS} />

      <Paper
        ref={actions}
        elevation={6}
        sx={{ position: 'sticky', bottom: 0, p: 2, display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap', zIndex: 2 }}
      >
        <Button type="submit" variant="contained" disabled={busy}>
          {busy ? 'जतन होत आहे…' : 'जतन करा (Save)'}
        </Button>
        {message && (
          <Alert severity="success" sx={{ py: 0 }}>
            {message}
          </Alert>
        )}
        {error && (
          <Alert severity="error" role="alert" sx={{ py: 0, flexGrow: 1 }}>
            {error}
          </Alert>
        )}
      </Paper>
    </Box>
  );
}
