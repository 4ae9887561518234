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
