// The embedded database's dump: a snapshot of its files taken in the portal's process (the only
// moment the portal waits), dumped by a child process (dump-child.ts) that opens the copy.
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { OpenDatabase } from '../../db/open.ts';
import { root } from '../../config.ts';
import type { Dump } from './dump.ts';

/** The child's script: compiled JavaScript beside this file in dist/, TypeScript through tsx otherwise. */
function childCommand(): string[] {
  const self = fileURLToPath(import.meta.url);
  if (self.endsWith('.js')) return [path.join(path.dirname(self), 'dump-child.js')];
  return ['--import', 'tsx', path.join(path.dirname(self), 'dump-child.ts')];
}

export async function dumpEmbedded(database: OpenDatabase, staging: string): Promise<Dump & { blockedMs: number }> {
  if (!database.snapshot) throw new Error('this database cannot take a snapshot');
  const { source, blockedMs } = await database.snapshot(path.join(staging, 'snapshot'));
  try {
    const { stdout } = await promisify(execFile)(process.execPath, [...childCommand(), source, path.join(staging, 'db')], {
      cwd: root,
      maxBuffer: 16 << 20,
    }).catch((err: { stderr?: string; message: string }) => {
      throw new Error(`dumping the embedded database's snapshot failed: ${err.stderr?.trim() || err.message}`);
    });
    const last = stdout.trim().split('\n').pop()!;
    return { ...(JSON.parse(last) as Dump), blockedMs };
  } finally {
    await fs.rm(path.join(staging, 'snapshot'), { recursive: true, force: true });
  }
}
