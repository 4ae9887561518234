// Runs at most `concurrency` tasks at once and lets at most `maxWaiting` more wait; beyond that it
// refuses at once (503) instead of piling up work. Used in front of CPU-heavy work that shares
// Node's small thread pool with file reads (bcrypt, image decoding), so the site stays responsive.
import { Busy } from './errors.ts';

export class BoundedQueue {
  private active = 0;
  private waiting: Array<() => void> = [];
  /** The most tasks that ever ran at once (for tests and diagnostics). */
  peak = 0;

  constructor(
    private concurrency: number,
    private maxWaiting: number,
    private busyMessage: string,
    private retryAfterSeconds = 5,
  ) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.active < this.concurrency) this.active++;
    else {
      if (this.waiting.length >= this.maxWaiting) throw new Busy(this.busyMessage, this.retryAfterSeconds);
      // The finishing task hands its slot straight to us, so `active` stays counted.
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
    this.peak = Math.max(this.peak, this.active);
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.active--;
    }
  }
}
