// The 1200x630 social preview image, drawn from the office name. Uploads are served with a one-year
// immutable cache, so the file name carries a hash of its text: a renamed office gets a new file.
import crypto from 'node:crypto';
import path from 'node:path';
import { putContentNamed, uploadExists } from '../../lib/uploads.ts';
import { createRequire } from 'node:module';
import { sharp } from '../../lib/images.ts';

export const OG_WIDTH = 1200;
export const OG_HEIGHT = 630;

// Shipped with npm, so Devanagari renders on a server without system fonts (the Docker image).
const require = createRequire(import.meta.url);
const FONT_BOLD = require.resolve('@expo-google-fonts/noto-sans-devanagari/700Bold/NotoSansDevanagari_700Bold.ttf');
const FONT_REGULAR = require.resolve('@expo-google-fonts/noto-sans-devanagari/400Regular/NotoSansDevanagari_400Regular.ttf');

export interface OgText {
  title: string;
  subtitle: string;
  footer: string;
}

const markup = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function text(content: string, fontfile: string, font: string, width: number) {
  return sharp({ text: { text: content, font, fontfile, width, align: 'centre', rgba: true, dpi: 72, wrap: 'word' } })
    .png()
    .toBuffer();
}

async function render(t: OgText): Promise<Buffer> {
  const background = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${OG_WIDTH}" height="${OG_HEIGHT}">` +
      '<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#c2410c"/><stop offset="1" stop-color="#14532d"/></linearGradient></defs>' +
      `<rect width="${OG_WIDTH}" height="${OG_HEIGHT}" fill="url(#g)"/>` +
      `<rect x="24" y="24" width="${OG_WIDTH - 48}" height="${OG_HEIGHT - 48}" rx="18" fill="none" stroke="#fde68a" stroke-opacity="0.6" stroke-width="3"/>` +
      '</svg>',
  );
  const [title, subtitle, footer] = await Promise.all([
    text(`<span foreground="#ffffff" size="68pt">${markup(t.title)}</span>`, FONT_BOLD, 'Noto Sans Devanagari Bold', 1040),
    text(`<span foreground="#fef3c7" size="34pt">${markup(t.subtitle)}</span>`, FONT_REGULAR, 'Noto Sans Devanagari', 1040),
    text(`<span foreground="#fde68a" size="26pt">${markup(t.footer)}</span>`, FONT_REGULAR, 'Noto Sans Devanagari', 1040),
  ]);
  const heights = await Promise.all([title, subtitle].map(async (b) => (await sharp(b).metadata()).height ?? 0));
  const left = async (b: Buffer) => Math.round((OG_WIDTH - ((await sharp(b).metadata()).width ?? 0)) / 2);
  const blockTop = Math.max(60, Math.round((OG_HEIGHT - 90 - heights[0] - 24 - heights[1]) / 2));
  return sharp(background)
    .composite([
      { input: title, top: blockTop, left: await left(title) },
      { input: subtitle, top: blockTop + heights[0] + 24, left: await left(subtitle) },
      { input: footer, top: OG_HEIGHT - 100, left: await left(footer) },
    ])
    .png({ compressionLevel: 9 })
    .toBuffer();
}

const pending = new Map<string, Promise<string>>();

/** File name under `dir` of the preview for this text; drawn once, then reused across restarts. */
export function ogImage(dir: string, t: OgText): Promise<string> {
  const name = `og-${crypto.createHash('sha256').update(JSON.stringify(t)).digest('hex').slice(0, 16)}.png`;
  const key = path.join(dir, name);
  let job = pending.get(key);
  if (!job) {
    job = (async () => {
      if (!(await uploadExists(key))) await putContentNamed(key, await render(t));
      return name;
    })();
    pending.set(key, job);
    job.catch(() => pending.delete(key));
  }
  return job;
}
