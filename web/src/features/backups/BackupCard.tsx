// The dashboard's backup card (issue 28): the last backup (when, size, scheduled or by hand), a
// warning when it is more than two days old or the disk is nearly full, "back up now", and the
// newest file downloaded for a pen drive. Nothing at all while the server has no backups (404) or
// the account may not see them (403), and nothing on a failed read: the dashboard stays usable.
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import BackupIcon from '@mui/icons-material/Backup';
import DownloadIcon from '@mui/icons-material/Download';
import { useNotify } from '../../components/feedback/FeedbackProvider.tsx';
import { messageOf } from '../../lib/api.ts';
import { formatDateTimeMr } from '../../lib/dateTime.ts';
import { downloadBackup, type BackupItem } from './api.ts';
import { useBackups, useCreateBackup } from './queries.ts';

const MB = 1024 * 1024;
const GB = 1024 * MB;
const KIND: Record<BackupItem['kind'], string> = { scheduled: 'नियोजित / scheduled', manual: 'हाताने / manual' };

const megabytes = (n: number) => `${(n / MB).toFixed(n < 10 * MB ? 1 : 0)} MB`;
const gigabytes = (n: number) => `${(n / GB).toFixed(1)} GB`;

export default function BackupCard() {
  const backups = useBackups();
  const create = useCreateBackup();
  const notify = useNotify();
  const [downloading, setDownloading] = useState(false);
  const status = backups.data;
  if (!status) return null;
  const newest = status.items[0];

  const backUp = async () => {
    try {
      await create.mutateAsync();
      notify('बॅकअप घेतला / Backup made', 'success');
    } catch (err) {
      notify(`बॅकअप घेता आला नाही / Backup failed: ${messageOf(err)}`, 'error');
    }
  };
  const save = async () => {
    if (!newest) return;
    setDownloading(true);
    try {
      await downloadBackup(newest.name);
    } catch (err) {
      notify(`डाउनलोड झाले नाही / Download failed: ${messageOf(err)}`, 'error');
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Card component="section" aria-labelledby="backup-title" data-testid="backup-card" sx={{ mt: 2 }}>
      <CardContent>
        <Typography id="backup-title" variant="h6" component="h2" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <BackupIcon aria-hidden color="primary" /> बॅकअप{' '}
          <Typography component="span" color="text.secondary">
            (Backups)
          </Typography>
        </Typography>
        {status.stale && (
          <Alert severity="warning" role="status" sx={{ mt: 1 }} data-testid="backup-stale">
            शेवटचा बॅकअप दोन दिवसांपेक्षा जुना आहे / The last backup is more than two days old
          </Alert>
        )}
        {status.disk.low && (
          <Alert severity="warning" role="status" sx={{ mt: 1 }} data-testid="backup-disk-low">
            डिस्कवर जागा कमी आहे / The disk is nearly full
          </Alert>
        )}
        <Typography sx={{ mt: 1 }} data-testid="backup-last">
          {newest ? (
            <>
              शेवटचा बॅकअप / Last backup: <strong>{formatDateTimeMr(newest.createdAt)}</strong> · {megabytes(newest.size)} ·{' '}
              {KIND[newest.kind]}
            </>
          ) : (
            'अजून बॅकअप नाही / No backup yet'
          )}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {status.schedule.time
            ? `दररोज ${status.schedule.time} वाजता (Daily at ${status.schedule.time}); ${status.schedule.keepDays} दिवस व ${status.schedule.keepWeeks} आठवडे ठेवले जातात`
            : 'नियोजित बॅकअप बंद आहे (Scheduled backups are off)'}
          {status.schedule.encrypted ? ' · कूटबद्ध (encrypted)' : ''} · मोकळी जागा / Free: {gigabytes(status.disk.freeBytes)} /{' '}
          {gigabytes(status.disk.totalBytes)}
        </Typography>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 1.5 }}>
          <Button variant="contained" startIcon={<BackupIcon />} onClick={backUp} disabled={create.isPending}>
            {create.isPending ? 'बॅकअप घेत आहे… / Backing up…' : 'आता बॅकअप घ्या / Back up now'}
          </Button>
          {newest && (
            <Button variant="outlined" startIcon={<DownloadIcon />} onClick={save} disabled={downloading}>
              डाउनलोड करा (पेन ड्राइव्हसाठी) / Download for a pen drive
            </Button>
          )}
        </Box>
      </CardContent>
    </Card>
  );
}
