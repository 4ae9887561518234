// /api/Backups: the backups kept on this machine, one made now, one downloaded (issue 28).
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ok } from '../../lib/schema.ts';
import { Conflict, NotFound } from '../../lib/errors.ts';
import { councilOf } from '../../plugins/auth.ts';
import { recordAudit } from '../audit/record.ts';
import { backupsDir } from './format.ts';
import { BACKUP_NAME, diskSpace, listBackupFiles } from './files.ts';
import { KEEP_WEEKS } from './retention.ts';
import { backupNow, pruneBackups } from './schedule.ts';
import { createSchema, downloadSchema, listSchema } from './schema.ts';

/** The dashboard warns when the newest backup is older than this. */
const STALE_MS = 2 * 86_400_000;

const backupRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const dir = backupsDir(app.config.dataDir);

  app.get('/api/Backups', { schema: listSchema, preHandler: app.requireOperator }, async () => {
    const items = await listBackupFiles(dir);
    const newest = items[0];
    const now = Date.now();
    return ok({
      items,
      lastBackupAt: newest?.createdAt ?? null,
      stale: !newest || now - Date.parse(newest.createdAt) > STALE_MS,
      disk: await diskSpace(dir, newest?.size ?? 0),
      schedule: {
        time: app.config.backupTime,
        keepDays: app.config.backupKeepDays,
        keepWeeks: KEEP_WEEKS,
        encrypted: !!app.config.backupPassphrase,
      },
    });
  });

  app.post('/api/Backups', { schema: createSchema, preHandler: app.requireOperator }, async (request, reply) => {
    const { result, busy } = backupNow({
      database: app.database,
      dataDir: app.config.dataDir,
      out: `${dir}/`,
      passphrase: app.config.backupPassphrase,
      kind: 'manual',
    });
    if (busy)
      throw new Conflict('एक बॅकअप आधीच तयार होत आहे; एका मिनिटाने पुन्हा पहा. / A backup is being made right now; look again in a minute.');
    const made = await result;
    await pruneBackups(app.config.dataDir, new Date(), app.config.backupKeepDays, made.name);
    const item = (await listBackupFiles(dir)).find((f) => f.name === made.name);
    if (!item) throw new Error(`the backup ${made.name} was written but is not in ${dir}`);
    reply.code(201);
    return ok(item, 'बॅकअप तयार झाला. / Backup made.');
  });

  // Sent as it is: already compressed, and with its length; the compress plugin wrapping the stream
  // in brotli under that length made Chromium fail the download (ERR_CONTENT_DECODING_FAILED).
  app.get('/api/Backups/:name', { schema: downloadSchema, preHandler: app.requireOperator, compress: false }, async (request, reply) => {
    const { name } = request.params;
    const file = path.join(dir, name);
    const stat = BACKUP_NAME.test(name) ? await fs.promises.stat(file).catch(() => null) : null;
    if (!stat?.isFile()) throw new NotFound('No backup of this name on this machine.');
    // A copy of every register leaving the machine: who took it, and from where.
    await recordAudit(app.db, {
      councilId: councilOf(request).userId,
      entity: 'Backup',
      entityId: name,
      action: 'download',
      changes: { size: { old: null, new: stat.size } },
    });
    reply
      .header('content-type', 'application/octet-stream')
      .header('content-length', stat.size)
      .header('content-disposition', `attachment; filename="${name}"`);
    return reply.send(fs.createReadStream(file));
  });
};

export default backupRoutes;
