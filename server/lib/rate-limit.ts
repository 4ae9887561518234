// A sliding-window counter per key (an address, a username), in memory: the portal is one process.
import { TooMany } from './errors.ts';

export class SlidingWindow {
  private hits = new Map<string, number[]>();
  constructor(
    private limit: number,
    private windowMs = 60_000,
    private maxKeys = 50_000,
  ) {}

  /** Counts one hit for the key, or throws 429 (with Retry-After) when the window is full. */
  take(
    key: string,
    message: string | ((retrySeconds: number) => string) = 'Too many requests. Please wait a moment and try again.',
    now = Date.now(),
  ) {
    const recent = (this.hits.get(key) ?? []).filter((t) => now - t < this.windowMs);
    if (recent.length >= this.limit) {
      const retry = Math.max(1, Math.ceil((recent[0] + this.windowMs - now) / 1000));
      throw new TooMany(typeof message === 'string' ? message : message(retry), retry);
    }
    recent.push(now);
    this.hits.set(key, recent);
    if (this.hits.size > this.maxKeys) this.prune(now);
  }

  /** Gives back the newest hit of the key (an attempt that turned out fine). */
  release(key: string) {
    const times = this.hits.get(key);
    if (!times) return;
    times.pop();
    if (!times.length) this.hits.delete(key);
  }

  /** Forgets the key's hits. */
  clear(key: string) {
    this.hits.delete(key);
  }

  private prune(now: number) {
    for (const [k, times] of this.hits) if (times.every((t) => now - t >= this.windowMs)) this.hits.delete(k);
    // Still full (a flood of distinct keys): drop the oldest keys rather than grow without bound.
    for (const k of this.hits.keys()) {
      if (this.hits.size <= this.maxKeys) break;
      this.hits.delete(k);
    }
  }
}

export interface WindowState {
  limit: number;
  /** Requests left in the window after this one. */
  remaining: number;
  /** Seconds until the window starts afresh. */
  resetSeconds: number;
  /** False when the window was already full: the request is refused and not counted. */
  allowed: boolean;
}

/** A fixed window per key (counted from its first request): one counter and one time per key, so
 *  counting every API request costs a map lookup, and the state maps onto the RateLimit headers. */
export class FixedWindow {
  private windows = new Map<string, { count: number; resetAt: number }>();
  constructor(
    readonly limit: number,
    readonly windowMs = 60_000,
    private maxKeys = 100_000,
  ) {}

  hit(key: string, now = Date.now()): WindowState {
    let w = this.windows.get(key);
    if (!w || w.resetAt <= now) {
      w = { count: 0, resetAt: now + this.windowMs };
      this.windows.set(key, w);
      if (this.windows.size > this.maxKeys) this.prune(now);
    }
    const allowed = w.count < this.limit;
    if (allowed) w.count += 1;
    return { limit: this.limit, remaining: this.limit - w.count, resetSeconds: Math.max(1, Math.ceil((w.resetAt - now) / 1000)), allowed };
  }

  private prune(now: number) {
    for (const [k, w] of this.windows) if (w.resetAt <= now) this.windows.delete(k);
    // Still full (a flood of distinct keys): drop the oldest keys rather than grow without bound.
    for (const k of this.windows.keys()) {
      if (this.windows.size <= this.maxKeys) break;
      this.windows.delete(k);
    }
  }
}
