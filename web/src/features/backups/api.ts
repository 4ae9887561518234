// /api/Backups (issue 28, the lead's backups module): the list with the last backup, whether it is
// stale and the disk's room; POST makes one now; GET /api/Backups/{name} is the file. The wire types
// are written here until the server's schema lands on main (then take them from common/api-types.ts).
// A server without the routes (404) or an account that may not see them (403) reads as null: the
// dashboard then shows no card at all.
import { ApiError, api, download } from '../../lib/api.ts';

export interface BackupItem {
  name: string;
  createdAt: string;
  size: number;
  kind: 'scheduled' | 'manual';
}

export interface BackupStatus {
  /** Newest first. */
  items: BackupItem[];
  lastBackupAt: string | null;
  /** The last backup is older than two days, or there is none. */
  stale: boolean;
  disk: { freeBytes: number; totalBytes: number; low: boolean };
  schedule: { time: string; keepDays: number; keepWeeks: number; encrypted: boolean };
}

export async function fetchBackups(signal?: AbortSignal): Promise<BackupStatus | null> {
  try {
    return (await api<BackupStatus>('/api/Backups', { signal })).result;
  } catch (err) {
    if (err instanceof ApiError && (err.status === 404 || err.status === 403)) return null;
    throw err;
  }
}

export async function createBackup(): Promise<BackupItem> {
  return (await api<BackupItem>('/api/Backups', { method: 'POST', body: {} })).result;
}

/** Saves the file through the browser (the call needs the token, so no plain link). */
export const downloadBackup = (name: string) => download(`/api/Backups/${encodeURIComponent(name)}`, name);
