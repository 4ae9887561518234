// The yearly rollover (POST /api/KarImport/recalc-by-user/{userId}) as the clerk meets it: a dry
// run first, then a confirmation saying how many properties, which tax years (a council that
// skipped years gets every missed one, oldest first) and the demand it will raise; only on confirm
// does it run. "Nothing to raise" (the server's 409, or a dry run with no years) is information.
import { useState } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useConfirm, useNotify } from '../../components/feedback/FeedbackProvider.tsx';
import { type RolloverResult } from './api.ts';
import { useRollover } from './queries.ts';
import { messageOf, rupees } from './labels.ts';

function Plan({ plan }: { plan: RolloverResult }) {
  const missed = plan.years.length - 1;
  return (
    <Box data-testid="rollover-plan">
      <Typography gutterBottom>
        <b>{plan.updated}</b> मालमत्तांची मागणी केली जाईल. / The demand of <b>{plan.updated}</b>{' '}
        {plan.updated === 1 ? 'property' : 'properties'} will be raised.
      </Typography>
      {missed > 0 && (
        <Typography gutterBottom color="warning.main">
          {missed} मागील वर्षे राहिली होती: तीही (जुने आधी) मागणीत येतील. / {missed} missed year{missed > 1 ? 's are' : ' is'} raised too, oldest
          first.
        </Typography>
      )}
      <Box sx={{ overflowX: 'auto' }}>
        <table className="tax-heads tax-plan">
          <thead>
            <tr>
              <th scope="col">कर वर्ष / Tax year</th>
              <th scope="col">मालमत्ता / Properties</th>
              <th scope="col">मागणी / Demand</th>
            </tr>
          </thead>
          <tbody>
            {plan.years.map((y) => (
              <tr key={y.taxYear}>
                <th scope="row">{y.financialYear}</th>
                <td>{y.properties}</td>
                <td>{rupees(y.demand)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">एकूण मागणी / Total demand</th>
              <td colSpan={2} data-testid="rollover-demand">
                {rupees(plan.demand)}
              </td>
            </tr>
          </tfoot>
        </table>
      </Box>
    </Box>
  );
}

/** `run()`: the dry run, the confirmation, then the rollover; `busy` while any of it is under way,
 *  `running` while the server works (not while the clerk reads the confirmation). */
export function useRolloverAction() {
  const rollover = useRollover();
  const confirm = useConfirm();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      const plan = await rollover.mutateAsync({ dryRun: true });
      if (!plan.raised) {
        notify(plan.message, 'info');
        return;
      }
      const yes = await confirm({
        title: `कर वर्ष ${plan.result.years.map((y) => y.financialYear).join(', ')} ची मागणी करायची? / Raise the demand?`,
        body: <Plan plan={plan.result} />,
        confirmLabel: 'मागणी करा / Raise demand',
        cancelLabel: 'रद्द करा / Cancel',
      });
      if (!yes) return;
      const done = await rollover.mutateAsync({ dryRun: false });
      notify(done.message, done.raised ? 'success' : 'info');
    } catch (err) {
      notify(messageOf(err), 'error');
    } finally {
      setBusy(false);
    }
  };
  return { run, busy, running: rollover.isPending };
}
