// The public search's captcha (spec 5): 5 characters from a 32-character alphabet without I, O, 0
// and 1, drawn as a raster picture (image.ts says how and why). The answer stays on the server, in
// memory (the portal is one process), for 5 minutes; it is compared case-insensitively and can be
// used once, right or wrong.
import crypto from 'node:crypto';

// The drawing code (fontkit, the fonts, sharp) is loaded with the first captcha, not at start
// (issue 8: a restart under 2 s).
let drawer: Promise<typeof import('./image.ts')> | undefined;
const loadDrawer = () => (drawer ??= import('./image.ts'));

export const CAPTCHA_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const CAPTCHA_LENGTH = 5;
const LIFETIME_MS = 5 * 60_000;
const MAX_OPEN = 20_000;

export interface Captcha {
  captchaId: string;
  /** The picture as a data: URL (WebP). */
  image: string;
  /** The same picture inside an SVG, for clients that show the earlier `svg` field. */
  svg: string;
  /** The size to show it at, in CSS pixels (the picture has twice as many, for sharp phone screens). */
  width: number;
  height: number;
}

/** A random answer from the alphabet (crypto.randomInt: no bias, not predictable). */
export function captchaText(): string {
  let text = '';
  for (let i = 0; i < CAPTCHA_LENGTH; i++) text += CAPTCHA_ALPHABET[crypto.randomInt(CAPTCHA_ALPHABET.length)];
  return text;
}

export class CaptchaStore {
  private open = new Map<string, { answer: string; expires: number }>();
  constructor(private lifetimeMs = LIFETIME_MS) {}

  async create(now = Date.now()): Promise<Captcha> {
    const { captchaImage, CAPTCHA_WIDTH, CAPTCHA_HEIGHT } = await loadDrawer();
    const answer = captchaText();
    const image = `data:image/webp;base64,${(await captchaImage(answer)).toString('base64')}`;
    const width = CAPTCHA_WIDTH / 2,
      height = CAPTCHA_HEIGHT / 2;
    const captchaId = this.remember(answer, now);
    const svg =
      `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${CAPTCHA_WIDTH} ${CAPTCHA_HEIGHT}">` +
      `<image width="${CAPTCHA_WIDTH}" height="${CAPTCHA_HEIGHT}" href="${image}"/></svg>`;
    return { captchaId, image, svg, width, height };
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

  private remember(answer: string, now: number): string {
    const captchaId = crypto.randomUUID();
    if (this.open.size >= MAX_OPEN) this.sweep(now);
    // Still full: the oldest go first (a Map keeps insertion order).
    for (const id of this.open.keys()) {
      if (this.open.size < MAX_OPEN) break;
      this.open.delete(id);
    }
    this.open.set(captchaId, { answer, expires: now + this.lifetimeMs });
    return captchaId;
  }

  private sweep(now: number) {
    for (const [id, e] of this.open) if (e.expires <= now) this.open.delete(id);
  }
}
