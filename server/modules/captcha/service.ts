// The public search's captcha (spec 5): 5 characters from a 32-character alphabet without I, O, 0
// and 1, drawn as a raster picture (image.ts says how and why). The answer stays on the server, in
// the database (the OpenCaptcha table: behind a proxy, the process that answers may not be the one
// that drew it; issue 32), for 5 minutes; it is compared case-insensitively and can be used once,
// right or wrong.
import crypto from 'node:crypto';
import type { Db } from '../../db/open.ts';
import type { DbOrTx } from '../../db/transaction.ts';
import { peekCaptcha, rememberCaptcha, sweepCaptchas, takeCaptcha } from './sql.ts';

// The drawing code (fontkit, the fonts, sharp) is loaded with the first captcha, not at start
// (issue 8: a restart under 2 s).
let drawer: Promise<typeof import('./image.ts')> | undefined;
const loadDrawer = () => (drawer ??= import('./image.ts'));

export const CAPTCHA_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const CAPTCHA_LENGTH = 5;
const LIFETIME_MS = 5 * 60_000;
/** A captcha id as made here: anything else is no open captcha (and never reaches the uuid column). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

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
  constructor(
    private db: Db,
    private lifetimeMs = LIFETIME_MS,
  ) {}

  async create(now = Date.now()): Promise<Captcha> {
    const { captchaImage, CAPTCHA_WIDTH, CAPTCHA_HEIGHT } = await loadDrawer();
    const answer = captchaText();
    const image = `data:image/webp;base64,${(await captchaImage(answer)).toString('base64')}`;
    const width = CAPTCHA_WIDTH / 2,
      height = CAPTCHA_HEIGHT / 2;
    const captchaId = crypto.randomUUID();
    await rememberCaptcha(this.db, captchaId, answer, new Date(now + this.lifetimeMs));
    const svg =
      `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${CAPTCHA_WIDTH} ${CAPTCHA_HEIGHT}">` +
      `<image width="${CAPTCHA_WIDTH}" height="${CAPTCHA_HEIGHT}" href="${image}"/></svg>`;
    return { captchaId, image, svg, width, height };
  }

  /** True once for the right answer before it expires; every call uses the captcha up, on every
   *  process (one DELETE … RETURNING: of two processes answering it at once, one reads it). */
  async check(captchaId: string, answer: string, now = Date.now()): Promise<boolean> {
    if (!UUID.test(captchaId)) return false;
    const entry = await takeCaptcha(this.db, captchaId);
    return !!entry && entry.expiresAt.getTime() > now && answer.trim().toUpperCase() === entry.answer;
  }

  /** For tests: the answer of an open captcha, as a person reads it from the image. */
  async peek(captchaId: string): Promise<string | undefined> {
    return UUID.test(captchaId) ? peekCaptcha(this.db, captchaId) : undefined;
  }
}

/** The sweep of expired captchas and spent proof-of-work nonces, for cluster/jobs.ts scheduleSweeps
 *  (on either database: the tables are on both). */
export const captchaSweep = { name: 'captcha-sweep', run: (tx: DbOrTx) => sweepCaptchas(tx) };
