// Which backup files to keep (issue 28): the newest of each of the last BACKUP_KEEP_DAYS days, the
// newest of each of the 4 weeks (Monday to Sunday) next back that have older ones, and the newest file of all whatever its age (a portal
// switched off for a month still has its last backup). Manual backups count as any other.
// Days and weeks are India's (the office's calendar), weeks from Monday.

export interface BackupFile {
  name: string;
  createdAt: Date;
}

const IST_MS = 330 * 60_000;
const DAY_MS = 86_400_000;

/** India's calendar day of an instant, as a day number (days since 1970-01-01). */
const indiaDay = (t: Date) => Math.floor((t.getTime() + IST_MS) / DAY_MS);
/** The Monday starting its week, as a day number (1970-01-01 was a Thursday). */
const weekOf = (day: number) => day - ((day + 3) % 7);

export const KEEP_WEEKS = 4;

/** The files to delete, given every backup file there is. */
export function toPrune(files: BackupFile[], now: Date, keepDays: number, keepWeeks = KEEP_WEEKS): BackupFile[] {
  const newestFirst = [...files].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.name.localeCompare(a.name));
  const today = indiaDay(now);
  const firstKeptDay = today - keepDays + 1;
  const keep = new Set<string>();
  const seenDays = new Set<number>();
  const seenWeeks = new Set<number>();
  for (const f of newestFirst) {
    const day = indiaDay(f.createdAt);
    if (day >= firstKeptDay) {
      if (!seenDays.has(day)) keep.add(f.name);
      seenDays.add(day);
    } else if (!seenWeeks.has(weekOf(day)) && seenWeeks.size < keepWeeks) {
      // Older than the daily ones: the newest of each of the next weeks back.
      keep.add(f.name);
      seenWeeks.add(weekOf(day));
    }
  }
  if (newestFirst[0]) keep.add(newestFirst[0].name);
  return newestFirst.filter((f) => !keep.has(f.name));
}
