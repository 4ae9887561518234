// Request limits as the routes use them: in this process's memory on the embedded database (one
// process owns it), in the database on PostgreSQL, where several portal processes serve the same
// councils and a limit must count the requests of all of them (issue 32).
import type { Db } from '../../db/open.ts';
import { FixedWindow, SlidingWindow, type WindowState } from '../../lib/rate-limit.ts';
import { TooMany } from '../../lib/errors.ts';
import { clearLimit, hitFixed, releaseSliding, takeSliding } from './sql.ts';

export type LimitMessage = string | ((retrySeconds: number) => string);

/** A sliding window per key (server/lib/rate-limit.ts SlidingWindow), wherever it is counted. */
export interface SharedSlidingWindow {
  /** Counts one hit for the key, or throws 429 (with Retry-After) when the window is full. */
  take(key: string, message?: LimitMessage): Promise<void>;
  /** Gives back the key's newest hit. */
  release(key: string): Promise<void>;
  clear(key: string): Promise<void>;
}

/** A fixed window per key (FixedWindow), wherever it is counted. */
export interface SharedFixedWindow {
  readonly limit: number;
  readonly windowMs: number;
  hit(key: string): Promise<WindowState>;
}

export interface Limits {
  /** `name` keeps one limit's keys apart from another's. */
  sliding(name: string, limit: number, windowMs?: number): SharedSlidingWindow;
  fixed(name: string, limit: number, windowMs?: number): SharedFixedWindow;
}

const MINUTE = 60_000;

export function memoryLimits(): Limits {
  return {
    sliding(_name, limit, windowMs = MINUTE) {
      const w = new SlidingWindow(limit, windowMs);
      return {
        take: async (key, message) => w.take(key, message),
        release: async (key) => w.release(key),
        clear: async (key) => w.clear(key),
      };
    },
    fixed(_name, limit, windowMs = MINUTE) {
      const w = new FixedWindow(limit, windowMs);
      return { limit, windowMs, hit: async (key) => w.hit(key) };
    },
  };
}

const DEFAULT_MESSAGE = 'Too many requests. Please wait a moment and try again.';

/** Limits in the RateLimit table. `prefix` starts every key: tests that share one database keep
 *  their counts apart with it; every process of one portal uses the same (none). */
export function databaseLimits(db: Db, prefix = ''): Limits {
  const keyOf = (name: string, key: string) => `${prefix}${name}:${key}`.slice(0, 300);
  return {
    sliding(name, limit, windowMs = MINUTE) {
      return {
        async take(key, message = DEFAULT_MESSAGE) {
          const r = await takeSliding(db, keyOf(name, key), limit, windowMs);
          if (r.refused) throw new TooMany(typeof message === 'string' ? message : message(r.retrySeconds), r.retrySeconds);
        },
        release: async (key) => void (await releaseSliding(db, keyOf(name, key))),
        clear: async (key) => void (await clearLimit(db, keyOf(name, key))),
      };
    },
    fixed(name, limit, windowMs = MINUTE) {
      return {
        limit,
        windowMs,
        async hit(key) {
          const r = await hitFixed(db, keyOf(name, key), limit, windowMs);
          return { limit, remaining: limit - r.count, resetSeconds: r.resetSeconds, allowed: !r.refused };
        },
      };
    },
  };
}
