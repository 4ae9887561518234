// The first-run setup on the staff dashboard (issue 14): opens /setup once per login while the
// office has not entered its name and place, then names what is still missing with a link to finish
// it; and warns when certificate QR codes point at this computer instead of an address citizens reach.
import { useEffect, useRef } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { SETUP_FIELDS } from '../../../../common/site-setup.ts';
import { councilIdOf, readSession } from '../../lib/session.ts';
import type { SetupStatus } from './api.ts';
import { useSetupStatus } from './queries.ts';

const OFFERED_KEY = 'setupOffered';
/** One login: a new login makes a new session with its own expiry. */
const loginKey = () => `${councilIdOf()}:${readSession()?.expiry ?? ''}`;

/** While the setup is incomplete, the first dashboard visit of a login goes to /setup. True while
 *  that is undecided, so the dashboard does not show and then jump away. */
export function useOpenSetupOnce(): boolean {
  const navigate = useNavigate();
  const status = useSetupStatus();
  const offered = useRef(localStorage.getItem(OFFERED_KEY) === loginKey());
  const open = !offered.current && status.data?.complete === false;
  useEffect(() => {
    if (!open) return;
    offered.current = true;
    localStorage.setItem(OFFERED_KEY, loginKey());
    navigate('/setup', { replace: true });
  }, [open, navigate]);
  return !offered.current && (status.isPending || open);
}

const labelOf = (name: string) => SETUP_FIELDS.find((f) => f.name === name)?.mr ?? name;

/** How to point QR codes at the address citizens open. */
export function PublicAddressWarning({ status }: { status: SetupStatus }) {
  return (
    <Alert severity="warning" role="status" data-testid="public-address-warning">
      <AlertTitle>प्रमाणपत्रांवरील QR कोड नागरिकांच्या फोनवर उघडणार नाहीत</AlertTitle>
      QR कोड <b>{status.publicBaseUrl}</b> कडे नेतात: तो पत्ता हाच संगणक आहे
      {status.publicBaseUrlSet ? '' : ' (PUBLIC_BASE_URL सेट केलेला नाही)'}. पोर्टल सुरू करताना <code>PUBLIC_BASE_URL</code> मध्ये नागरिक उघडतील तो
      पत्ता द्या आणि पोर्टल पुन्हा सुरू करा.
      <Box sx={{ mt: 1 }}>
        Certificate QR codes point at this computer. Start the portal with the address citizens open, e.g.{' '}
        <code>PUBLIC_BASE_URL=https://gp-yourvillage.in npm start</code> (or set it in the service&apos;s environment), then restart it.
      </Box>
    </Alert>
  );
}

/** The dashboard's notice: what the setup still lacks, and the QR address warning. Nothing when all
 *  is set. Standing notices, so role status: role alert is for a failure that just happened. */
export default function SetupNotice() {
  const status = useSetupStatus();
  const s = status.data;
  if (!s || (s.complete && !s.publicBaseUrlLocal)) return null;
  return (
    <Box id="setup-notice" sx={{ display: 'grid', gap: 2, mb: 3 }}>
      {!s.complete && (
        <Alert severity="info" role="status" data-testid="setup-missing">
          <AlertTitle>संकेतस्थळाची माहिती अपूर्ण आहे (Site setup not finished)</AlertTitle>
          नागरिकांना दिसण्यासाठी अजून भरायचे: {s.missing.map(labelOf).join(', ')}.
          <Box sx={{ mt: 1 }}>
            <Button component={RouterLink} to="/setup" variant="outlined" size="small" color="inherit">
              माहिती पूर्ण करा
            </Button>
          </Box>
        </Alert>
      )}
      {s.publicBaseUrlLocal && <PublicAddressWarning status={s} />}
    </Box>
  );
}
