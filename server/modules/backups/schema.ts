// Contract of /api/Backups (issue 28). A backup holds every council's registers with full Aadhaar
// numbers, so only the operator's staff login (the administrator ADMIN_USERNAME names) may list,
// make or download one; API tokens never.
import { Type } from 'typebox';
import { Envelope, errors, fileResponse } from '../../lib/schema.ts';

export const BackupItem = Type.Object({
  name: Type.String({ examples: ['gp-backup-2026-11-26T020000Z-scheduled.tar.gz'] }),
  createdAt: Type.String({ format: 'date-time' }),
  size: Type.Integer({ description: 'Bytes' }),
  kind: Type.Union([Type.Literal('scheduled'), Type.Literal('manual')]),
  encrypted: Type.Boolean({ description: 'Made with BACKUP_PASSPHRASE set (.enc)' }),
});

const admin = { tags: ['Backups'] };

export const listSchema = {
  ...admin,
  operationId: 'getBackups',
  summary: 'The backups kept in DATA_DIR/backups, newest first, with the disk’s free space (the operator’s login only)',
  response: {
    200: Envelope(
      Type.Object({
        items: Type.Array(BackupItem),
        lastBackupAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
        stale: Type.Boolean({ description: 'No backup, or the newest is more than two days old: the dashboard warns' }),
        disk: Type.Object({
          freeBytes: Type.Number(),
          totalBytes: Type.Number(),
          low: Type.Boolean({ description: 'Room for fewer than two more backups, or under 5 % (or 1 GB) free' }),
        }),
        schedule: Type.Object({
          time: Type.Union([Type.String({ description: 'HH:MM, India time' }), Type.Null()], { description: 'null: BACKUP_TIME=off' }),
          keepDays: Type.Integer(),
          keepWeeks: Type.Integer(),
          encrypted: Type.Boolean(),
        }),
      }),
    ),
  },
};

export const createSchema = {
  ...admin,
  operationId: 'createBackup',
  summary: 'Make a backup now (the operator’s login only); answers when the file is written',
  body: Type.Optional(Type.Object({}, { additionalProperties: false })),
  response: { 201: Envelope(BackupItem), ...errors(409) },
};

export const downloadSchema = {
  ...admin,
  operationId: 'downloadBackup',
  summary: 'One backup file, to copy onto a pen drive (the operator’s login only)',
  produces: ['application/octet-stream'],
  params: Type.Object({ name: Type.String({ maxLength: 80, pattern: '^gp-backup-[0-9TZ-]+-(scheduled|manual)\\.tar\\.gz(\\.enc)?$' }) }),
  response: { 200: fileResponse('application/octet-stream', 'gp-backup-….tar.gz'), ...errors(404) },
};
