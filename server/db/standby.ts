// Reads of the public pages from a streaming-replication standby (DATABASE_READ_URL, issue 32): the
// home page, certificates opened from their QR code, the property certificate, the receipt check.
// Staff reads and every write stay on the primary. A standby that is down, or replays more than
// DATABASE_READ_MAX_LAG_S behind, is passed over for the primary; its state is checked at most every
// few seconds, and a read that fails on it is read again on the primary at once.
import type { Db } from './open.ts';

/** How long a verdict on the standby holds before it is asked again. */
const CHECK_EVERY_MS = 5_000;

export interface StandbyStats {
  standby: number;
  primary: number;
}

export interface PublicReader {
  /** Runs a public page's read on the standby when it is fit, else (or when the read fails there) on the primary. */
  read<T>(fn: (db: Db) => Promise<T>): Promise<T>;
  /** Reads served from each, since start (tests, /api/health). */
  stats: StandbyStats;
}

/** The reader without a standby: every read on the primary. */
export function primaryOnly(primary: Db): PublicReader {
  const stats = { standby: 0, primary: 0 };
  return {
    stats,
    read(fn) {
      stats.primary++;
      return fn(primary);
    },
  };
}

/** Seconds the standby's replay is behind: 0 when it has replayed all it received (an idle primary
 *  sends nothing, and the last replayed commit's time grows old without any lag), or when the
 *  address is a primary itself; null when it cannot tell. */
export type LagProbe = () => Promise<number | null>;

/** An error's words for the log: some driver errors carry only a code, or nothing (a session the
 *  standby's shutdown ended). */
const reason = (err: unknown) =>
  (err as Error)?.message || (err as { code?: string })?.code || `${(err as Error)?.name ?? 'error'} without a message`;

export function withStandby(primary: Db, standby: Db, probe: LagProbe, maxLagSeconds: number, log: (msg: string) => void): PublicReader {
  const stats = { standby: 0, primary: 0 };
  /** `at` 0: no verdict yet. */
  let verdict: { fit: boolean; at: number } = { fit: false, at: 0 };
  let checking: Promise<boolean> | null = null;
  // Each change of verdict is said once, the first one too: a standby never fit from the start (a
  // refused password, a wrong address) would otherwise leave DATABASE_READ_URL silently unused.
  const markDown = (why: string) => {
    if (verdict.fit || !verdict.at) log(`standby passed over, public reads on the primary: ${why}`);
    verdict = { fit: false, at: Date.now() };
  };
  const markFit = () => {
    if (!verdict.fit && verdict.at) log('standby fit again: public reads on the standby');
    verdict = { fit: true, at: Date.now() };
  };
  async function fit(): Promise<boolean> {
    if (Date.now() - verdict.at < CHECK_EVERY_MS) return verdict.fit;
    checking ??= probe()
      .then((lag) => {
        const ok = lag !== null && lag <= maxLagSeconds;
        if (!ok) markDown(lag === null ? 'its lag cannot be read' : `it is ${lag.toFixed(1)} s behind`);
        else markFit();
        return ok;
      })
      .catch((err: Error) => {
        markDown(reason(err));
        return false;
      })
      .finally(() => {
        checking = null;
      });
    return checking;
  }
  return {
    stats,
    async read(fn) {
      if (await fit()) {
        try {
          const result = await fn(standby);
          stats.standby++;
          return result;
        } catch (err) {
          // A record that is not there (404) is the standby's answer, not its failure.
          if ((err as { statusCode?: number }).statusCode) {
            stats.standby++;
            throw err;
          }
          markDown(reason(err));
        }
      }
      stats.primary++;
      return fn(primary);
    },
  };
}
