// "इतिहास (History)" of one record (issue 28): who changed what and when, newest first. Collapsed,
// it costs nothing: the list (HistoryList, its own chunk) loads and reads the trail only when the
// panel is opened, and unmounts when it is closed, so opening it again reads afresh.
// Staff screens only: the public pages never import it.
import { lazy, Suspense, useId } from 'react';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import HistoryIcon from '@mui/icons-material/History';

const HistoryList = lazy(() => import('./HistoryList.tsx'));

export interface HistoryPanelProps {
  /** The server's name of the record's kind (BirthCertificate, Property, BlogPost…). */
  entity: string;
  /** The record's id; left out for a record the council has one of (site profile, tax rates). */
  entityId?: string | number;
  /** Field name → Marathi label, from the record's form (labelsOf); other fields show their names. */
  labels?: Record<string, string>;
}

export default function HistoryPanel({ entity, entityId, labels }: HistoryPanelProps) {
  const id = useId();
  return (
    <Accordion
      variant="outlined"
      disableGutters
      slotProps={{ transition: { unmountOnExit: true } }}
      sx={{ mt: 2 }}
      data-testid="history-panel"
    >
      <AccordionSummary expandIcon={<ExpandMoreIcon />} aria-controls={`${id}-body`} id={`${id}-head`}>
        <HistoryIcon sx={{ mr: 1, color: 'text.secondary' }} aria-hidden />
        <Typography sx={{ fontWeight: 600 }}>
          इतिहास{' '}
          <Typography component="span" color="text.secondary">
            (History)
          </Typography>
        </Typography>
      </AccordionSummary>
      {/* The accordion's own wrapper is the region, named by the summary. */}
      <AccordionDetails>
        <Suspense fallback={<LinearProgress aria-label="लोड होत आहे / Loading" />}>
          <HistoryList entity={entity} entityId={entityId === undefined ? undefined : String(entityId)} labels={labels} />
        </Suspense>
      </AccordionDetails>
    </Accordion>
  );
}
