// The backup files in DATA_DIR/backups as the screens and the schedule see them: name, time, size,
// kind, read from the names backupFileName gives (format.ts), newest first; and the disk they are on.
import fs from 'node:fs/promises';
import path from 'node:path';
import type { BackupKind } from './format.ts';

/** gp-backup-2026-11-26T020000Z-scheduled.tar.gz(.enc), or …T020000123Z-… when two fell in one
 *  second: also what a download's name must match. */
export const BACKUP_NAME = /^gp-backup-(\d{4}-\d{2}-\d{2})T(\d{2})(\d{2})(\d{2})?(\d{3})?Z-(scheduled|manual)\.tar\.gz(\.enc)?$/;

export interface BackupListItem {
  name: string;
  createdAt: string;
  size: number;
  kind: BackupKind;
  encrypted: boolean;
}

export async function listBackupFiles(dir: string): Promise<BackupListItem[]> {
  const names = await fs.readdir(dir).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return [] as string[];
    throw err;
  });
  const items: BackupListItem[] = [];
  for (const name of names) {
    const m = BACKUP_NAME.exec(name);
    if (!m) continue; // .partial files being written, the staging folders, anything else
    const stat = await fs.stat(path.join(dir, name)).catch(() => null);
    if (!stat?.isFile()) continue;
    const createdAt = new Date(`${m[1]}T${m[2]}:${m[3]}:${m[4] ?? '00'}.${m[5] ?? '000'}Z`).toISOString();
    items.push({ name, createdAt, size: stat.size, kind: m[6] as BackupKind, encrypted: !!m[7] });
  }
  return items.sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.name.localeCompare(a.name));
}

export interface DiskSpace {
  freeBytes: number;
  totalBytes: number;
  /** Less room than two more backups the size of the newest, or under 5 % of the disk, or under 1 GB. */
  low: boolean;
}

const GB = 1024 ** 3;

export async function diskSpace(dir: string, newestSize = 0): Promise<DiskSpace> {
  // The folder may not exist before the first backup: its parent is on the same disk.
  let at = dir;
  for (;;) {
    try {
      await fs.access(at);
      break;
    } catch {
      const up = path.dirname(at);
      if (up === at) break;
      at = up;
    }
  }
  const s = await fs.statfs(at);
  const freeBytes = s.bavail * s.bsize;
  const totalBytes = s.blocks * s.bsize;
  return { freeBytes, totalBytes, low: freeBytes < Math.max(2 * newestSize, GB) || freeBytes < totalBytes * 0.05 };
}
