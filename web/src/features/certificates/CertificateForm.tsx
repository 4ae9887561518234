// The create/update form of every kind: its sections drawn by the form engine (components/form)
// from the kind's field table, and for marriage the photos. Create versus update: whether a saved
// record was given.
import { useCallback, useEffect, useState, useRef } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import FormSections, { FormSection } from '../../components/form/FormSections.tsx';
import { useNotify } from '../../components/feedback/FeedbackProvider.tsx';
import HistoryPanel from '../../components/history/HistoryPanel.tsx';
import { labelsOf } from '../../components/history/words.ts';
import { ApiError } from '../../lib/api.ts';
import { councilIdOf } from '../../lib/session.ts';
import { useNextNumber, useSaveCertificate } from './queries.ts';
import { useFocusClear } from '../../components/form/useFocusClear.ts';
import { emptyValues, valuesOf, type Item, type KindDef, type Values } from './kinds.ts';
import PhotoField from './PhotoField.tsx';
import { MESSAGES } from '../../../../common/glossary.ts';
import { SAY } from '../../../../common/messages.ts';

/** What a failed submit says (spec 8): the server's message, else the status, else unknown. */
/** The trail's name of a kind's record: birth → BirthCertificate (server/modules/audit). */
const auditEntity = (k: KindDef) => `${k.kind[0].toUpperCase()}${k.kind.slice(1)}Certificate`;

export function submitError(err: unknown): string {
  if (err instanceof ApiError && err.status === 409 && /Someone else changed/.test(err.message))
    return `हा दाखला तुम्ही उघडल्यानंतर दुसऱ्या कोणीतरी बदलला आहे. यादीतून पुन्हा उघडा व तुमचे बदल पुन्हा करा.\n(${err.message})`;
  if (err instanceof ApiError) return err.message || SAY.serverReturned(err.status);
  if (err instanceof Error && err.message && err.name !== 'TypeError') return err.message;
  return SAY.unknownError;
}

interface Props {
  k: KindDef;
  /** The saved record when updating, null for a new registration. */
  item: Item | null;
  onCancel: () => void;
  onSaved: (message: string) => void;
}

export default function CertificateForm({ k, item, onCancel, onSaved }: Props) {
  const id = item ? String(item[k.idField] ?? '') : null;
  const [values, setValues] = useState<Values>(() => (item ? valuesOf(k, item) : emptyValues(k)));
  const [photos, setPhotos] = useState<Record<string, File | null>>({});
  const save = useSaveCertificate(k);
  const notify = useNotify();
  // After a save the form is closing: it stays disabled until it goes.
  const busy = save.isPending || save.isSuccess;
  const browserChecks = !k.multipart;
  // The sticky Cancel / Submit bar never covers the field that has focus.
  const actions = useRef<HTMLDivElement>(null);
  useFocusClear(actions);
  // A new record starts from the next free registration number and, for a birth, the next serial
  // number (अनुक्रमांक), which the clerk may change.
  const next = useNextNumber(k, !item);
  const numberField = k.table.numberField;
  useEffect(() => {
    const suggested = next.data;
    if (!suggested) return;
    setValues((v) => {
      const filled = { ...v };
      if (!v[numberField] && suggested.registrationNumber) filled[numberField] = suggested.registrationNumber;
      if ('serialNo' in v && !v.serialNo && suggested.serialNo) filled.serialNo = String(suggested.serialNo);
      return filled;
    });
  }, [next.data, numberField]);

  const change = useCallback(
    (name: string, value: string) => {
      setValues((v) => {
        const next = { ...v, [name]: value };
        return k.derive ? k.derive(next, name) : next;
      });
    },
    [k],
  );

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!councilIdOf()) {
      notify(SAY.userIdMissing, 'error');
      return;
    }
    if (item && !id) {
      notify('प्रमाणपत्र आयडी उपलब्ध नाही, अद्ययावत करता येणार नाही. (Certificate ID is missing; cannot update.)', 'error');
      return;
    }
    try {
      await save.mutateAsync({ values, id, photos, version: typeof item?.version === 'number' ? item.version : undefined });
      onSaved(id ? MESSAGES.updated : MESSAGES.recorded);
    } catch (err) {
      notify(submitError(err), 'error');
    }
  };

  return (
    <Box component="form" onSubmit={submit} noValidate={!browserChecks} aria-label={id ? 'नोंदणी अद्ययावत' : 'नवीन नोंदणी'}>
      <Typography variant="h5" component="h2" sx={{ mb: 2 }}>
        {id ? 'नोंदणी अद्ययावत करा' : 'नवीन नोंदणी'}
        <Typography component="span" color="text.secondary" sx={{ ml: 1 }}>
          {id ? '(Update registration)' : '(New registration)'}
        </Typography>
      </Typography>

      <FormSections sections={k.sections} values={values} browserChecks={browserChecks} onChange={change} />

      {k.photos && (
        <FormSection mr="फोटो" en="Photos">
          <Box
            sx={{
              display: 'grid',
              gap: 2,
              gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(3, minmax(0, 1fr))', md: 'repeat(5, minmax(0, 1fr))' },
            }}
          >
            {k.photos.map((p) => (
              <PhotoField
                key={p.name}
                name={p.name}
                mr={p.mr}
                en={p.en}
                required={!!p.requiredOnCreate && !id}
                savedUrl={item ? ((item[p.urlField] as string | null) ?? null) : null}
                file={photos[p.name] ?? null}
                disabled={busy}
                onChange={(file) => setPhotos((ph) => ({ ...ph, [p.name]: file }))}
              />
            ))}
          </Box>
        </FormSection>
      )}

      {id && <HistoryPanel entity={auditEntity(k)} entityId={id} labels={labelsOf(k.table.fields)} />}

      <Box
        ref={actions}
        data-testid="form-actions"
        sx={{
          display: 'flex',
          gap: 2,
          flexWrap: 'wrap',
          justifyContent: 'flex-end',
          position: 'sticky',
          bottom: 0,
          py: 1.5,
          bgcolor: 'background.default',
          zIndex: 1,
        }}
      >
        <Button variant="outlined" onClick={onCancel} disabled={busy}>
          रद्द करा (Cancel)
        </Button>
        <Button type="submit" variant="contained" disabled={busy}>
          {busy ? 'सादर होत आहे…' : id ? 'अद्ययावत करा (Update)' : 'सादर करा (Submit)'}
        </Button>
      </Box>
    </Box>
  );
}
