// The public search's proof of work (security issue 25): every autocomplete and every search takes a
// freshly solved challenge. The page loads this module when it opens and starts solving at once, in
// a worker, so one or two solutions are ready by the time the citizen types or presses Search; each
// one used starts the next. A challenge is valid 10 minutes: an older solution is thrown away.
import { api } from '../../lib/api.ts';
import type { Challenge } from 'altcha-lib/types';

const AHEAD = 2;
/** Used only this much before the server's expiry, so a slow request still arrives in time. */
const MARGIN_S = 60;

interface Solved {
  altcha: string;
  expiresAt: number;
}

/** One solution at a time: in a worker when the browser can start one, else on the page. */
function solver(): (challenge: Challenge) => Promise<string | null> {
  let worker: Worker | null = null;
  try {
    worker = new Worker(new URL('./pow.worker.ts', import.meta.url), { type: 'module' });
  } catch {
    worker = null;
  }
  let queue = Promise.resolve<unknown>(undefined);
  return (challenge) => {
    const run = async () => {
      if (worker) {
        const w = worker;
        const answer = await new Promise<{ altcha?: string | null; error?: string }>((resolve) => {
          w.onmessage = (e) => resolve(e.data);
          w.onerror = () => resolve({ error: 'worker failed' });
          w.postMessage(challenge);
        });
        if (!answer.error) return answer.altcha ?? null;
        worker = null; // a worker that cannot run (an old browser, a blocked script): the page solves
      }
      return (await import('./pow-solve.ts')).solve(challenge);
    };
    const result = queue.then(run, run);
    queue = result.catch(() => undefined);
    return result;
  };
}

export interface PowPool {
  /** A solved challenge's `altcha` field, waiting for one when none is ready. */
  take(): Promise<string>;
}

export function createPowPool(): PowPool {
  const solve = solver();
  const ready: Solved[] = [];
  const waiting: { resolve: (s: Solved) => void; reject: (err: unknown) => void }[] = [];
  let pending = 0;

  const fresh = (s: Solved) => s.expiresAt - MARGIN_S > Date.now() / 1000;
  const fill = () => {
    while (ready.length + pending < AHEAD + waiting.length) {
      pending++;
      void (async () => {
        try {
          const challenge = (await api<Challenge>('/api/public/pow', { auth: false })).result;
          const altcha = await solve(challenge);
          if (!altcha) throw new Error('unsolved');
          const solved = { altcha, expiresAt: challenge.parameters.expiresAt ?? Infinity };
          const next = waiting.shift();
          if (next) next.resolve(solved);
          else ready.push(solved);
        } catch (err) {
          // A refused or failed challenge (429, offline): whoever waits hears why; the next take() tries again.
          waiting.shift()?.reject(err);
        } finally {
          pending--;
        }
      })();
    }
  };

  fill();
  return {
    async take() {
      while (ready.length && !fresh(ready[0])) ready.shift();
      const now = ready.shift();
      if (now) {
        fill();
        return now.altcha;
      }
      const later = new Promise<Solved>((resolve, reject) => waiting.push({ resolve, reject }));
      fill();
      return (await later).altcha;
    },
  };
}
