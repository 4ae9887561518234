// /api/Backups (issue 28, server/modules/backups/schema.ts): the list with the last backup, whether
// it is stale and the disk's room; POST makes one now; GET /api/Backups/{name} is the file. An
// administrator's login only: an account that may not see them (403) or a server without the routes
// (404) reads as null, and the dashboard shows no card at all. (The list's answer is not a named
// type on the server, so its shape is written here.)
import { ApiError, api, download } from '../../lib/api.ts';

export interface BackupItem {
  name: string;
  createdAt: string;
  size: number;
  kind: 'scheduled' | 'manual';
  encrypted: boolean;
}

export interface BackupStatus {
  /** Newest first. */
  items: BackupItem[];
  lastBackupAt: string | null;
  /** The last backup is older than two days, or there is none. */
  stale: boolean;
  disk: { freeBytes: number; totalBytes: number; low: boolean };
  /** `time`: HH:MM India time, null when the nightly backup is off. */
  schedule: { time: string | null; keepDays: number; keepWeeks: number; encrypted: boolean };
}

/** The backups are the portal operator's alone: another login does not ask (a 403 would show in the console). */
export async function fetchBackups(signal?: AbortSignal): Promise<BackupStatus | null> {
  try {
    const me = (await api<{ isOperator?: boolean }>('/api/User/me', { signal })).result;
    if (!me.isOperator) return null;
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
