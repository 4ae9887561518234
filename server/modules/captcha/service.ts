// The public search's captcha (spec 5): 5 characters from a 32-character alphabet without I, O, 0
// and 1, drawn as SVG paths by svg-captcha (its text is not in the markup). The answer stays on the
// server, in memory (the portal is one process), for 5 minutes; it is compared case-insensitively
// and can be used once, right or wrong.
import crypto from 'node:crypto';
import { createRequire } from 'node:module';
import type SvgCaptcha from 'svg-captcha';

// Loaded with the first captcha, not at start (issue 8: a restart under 2 s).
let svgCaptcha: typeof SvgCaptcha | undefined;
const loadSvgCaptcha = () => (svgCaptcha ??= createRequire(import.meta.url)('svg-captcha') as typeof SvgCaptcha);

export const CAPTCHA_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const LIFETIME_MS = 5 * 60_000;
const MAX_OPEN = 20_000;

export class CaptchaStore {
  private open = new Map<string, { answer: string; expires: number }>();
  constructor(private lifetimeMs = LIFETIME_MS) {}

  create(now = Date.now()): { captchaId: string; svg: string } {
    const { text, data } = loadSvgCaptcha().create({
      size: 5,
      charPreset: CAPTCHA_ALPHABET,
      noise: 2,
      color: false,
      width: 160,
      height: 56,
      fontSize: 56,
      background: '#f4f6fa',
    });
    const captchaId = crypto.randomUUID();
    if (this.open.size >= MAX_OPEN) this.sweep(now);
    // Still full: the oldest go first (a Map keeps insertion order).
    for (const id of this.open.keys()) {
      if (this.open.size < MAX_OPEN) break;
      this.open.delete(id);
    }
    this.open.set(captchaId, { answer: text.toUpperCase(), expires: now + this.lifetimeMs });
    return { captchaId, svg: data };
  }

  /** True once for the right answer before it expires; every call uses the captcha up. */
  check(captchaId: string, answer: string, now = Date.now()): boolean {
    const entry = this.open.get(captchaId);
    this.open.delete(captchaId);
    return !!entry && entry.expires > now && answer.trim().toUpperCase() === entry.answer;
  }

  /** For tests: the answer of an open captcha, as a person reads it from the image. */
  peek(captchaId: string): string | undefined {
    return this.open.get(captchaId)?.answer;
  }

  private sweep(now: number) {
    for (const [id, e] of this.open) if (e.expires <= now) this.open.delete(id);
  }
}
