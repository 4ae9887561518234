// The captcha's picture (security issue 25, finding 4): a raster image, never the characters' outlines.
// svg-captcha drew each character as its font's fixed outline, so matching outlines read 300 of 300
// captchas (bench/captcha-attack.ts). Here each character is taken from one of four weights of Noto
// Sans (the Latin letters of the font package the portal ships), then bent on its own: scaled,
// sheared, turned up to ±17° and warped by two sine waves, placed so that neighbours touch; lines in
// the ink's colours cross the text (one as thick as the characters' strokes, in a colour family the
// characters do not use, so a person tells them apart), a line in the background's colour cuts
// through it, dots and grain cover the rest. sharp (librsvg) rasterises the drawing and the picture leaves as WebP; the
// SVG never leaves the server. tests/server/security/captcha-ocr.test.ts runs a template-matching
// reader on it.
import crypto from 'node:crypto';
import { createRequire } from 'node:module';
import * as fontkit from 'fontkit';
import { sharp } from '../../lib/images.ts';

/** Pixels of the picture; the page shows it at half size, so it stays sharp on a phone's screen. */
export const CAPTCHA_WIDTH = 400;
export const CAPTCHA_HEIGHT = 140;

const FONT_SIZE = 100;
/** Weights of the font package's files: the reader's templates must cover all of them. */
export const CAPTCHA_FONT_FILES = [
  '500Medium/NotoSansDevanagari_500Medium.ttf',
  '600SemiBold/NotoSansDevanagari_600SemiBold.ttf',
  '700Bold/NotoSansDevanagari_700Bold.ttf',
  '800ExtraBold/NotoSansDevanagari_800ExtraBold.ttf',
].map((f) => createRequire(import.meta.url).resolve(`@expo-google-fonts/noto-sans-devanagari/${f}`));

let fonts: fontkit.Font[] | undefined;
const loadFonts = () => (fonts ??= CAPTCHA_FONT_FILES.map((f) => fontkit.openSync(f) as fontkit.Font));

/** Dark colours in families of alike hues: the thick line takes one family, the characters the
 *  others, so a reader tells them apart by colour where they cross. */
const INK_FAMILIES = [
  ['#1b2a4a', '#1d3f73', '#222222'],
  ['#3b1f5c', '#552a6e'],
  ['#0f4d3a', '#1f5c2a'],
  ['#5a1a1a', '#6e2a1f'],
  ['#4a3b0f'],
];
const INK = INK_FAMILIES.flat();
const PAPER = ['#f3f5f9', '#f6f2ea', '#eef5f0', '#f5eef4'];
const TINT = ['#d9e2f2', '#efe0c8', '#d5ead9', '#ead6e6', '#e5e5e5'];

const between = (min: number, max: number) => min + Math.random() * (max - min);
const pick = <T>(items: readonly T[]) => items[Math.floor(Math.random() * items.length)];
const f1 = (n: number) => n.toFixed(1);

type Point = [number, number];

/** A glyph's outline as closed polygons in pixels (y down, origin at its box's centre), its curves
 *  cut into short straight pieces so a warp can bend every part of it. */
function glyphPolygons(font: fontkit.Font, char: string): { polygons: Point[][]; width: number } {
  const glyph = font.glyphForCodePoint(char.codePointAt(0)!);
  const k = FONT_SIZE / font.unitsPerEm;
  const { minX, maxX, minY, maxY } = glyph.bbox;
  const cx = (minX + maxX) / 2,
    cy = (minY + maxY) / 2;
  const at = (x: number, y: number): Point => [(x - cx) * k, (cy - y) * k];
  const polygons: Point[][] = [];
  let current: Point[] = [];
  let last: Point = [0, 0];
  const steps = (a: Point, b: Point) => Math.max(1, Math.ceil(Math.hypot(b[0] - a[0], b[1] - a[1]) / 3));
  for (const { command, args } of glyph.path.commands) {
    if (command === 'moveTo') {
      if (current.length) polygons.push(current);
      last = at(args[0], args[1]);
      current = [last];
    } else if (command === 'lineTo') {
      const to = at(args[0], args[1]);
      const n = steps(last, to);
      for (let i = 1; i <= n; i++) current.push([last[0] + ((to[0] - last[0]) * i) / n, last[1] + ((to[1] - last[1]) * i) / n]);
      last = to;
    } else if (command === 'quadraticCurveTo' || command === 'bezierCurveTo') {
      const c = [];
      for (let i = 0; i < args.length; i += 2) c.push(at(args[i], args[i + 1]));
      const to = c[c.length - 1];
      const n = steps(last, to) * 2;
      for (let i = 1; i <= n; i++) {
        const t = i / n,
          u = 1 - t;
        const p: Point =
          c.length === 2
            ? [u * u * last[0] + 2 * u * t * c[0][0] + t * t * to[0], u * u * last[1] + 2 * u * t * c[0][1] + t * t * to[1]]
            : [
                u * u * u * last[0] + 3 * u * u * t * c[0][0] + 3 * u * t * t * c[1][0] + t * t * t * to[0],
                u * u * u * last[1] + 3 * u * u * t * c[0][1] + 3 * u * t * t * c[1][1] + t * t * t * to[1],
              ];
        current.push(p);
      }
      last = to;
    } else if (command === 'closePath') {
      if (current.length) polygons.push(current);
      current = [];
    }
  }
  if (current.length) polygons.push(current);
  return { polygons, width: (maxX - minX) * k };
}

/** One character bent on its own: scale, shear, turn, two sine warps; then moved to (x, y). */
function bend(polygons: Point[][], x: number, y: number): Point[][] {
  const sx = between(0.85, 1.1),
    sy = between(0.88, 1.12);
  const shear = between(-0.2, 0.2);
  const turn = between(-0.3, 0.3);
  const cos = Math.cos(turn),
    sin = Math.sin(turn);
  const ax = between(2, 4),
    ay = between(2, 4);
  const wx = (2 * Math.PI) / between(45, 90),
    wy = (2 * Math.PI) / between(45, 90);
  const px = between(0, 2 * Math.PI),
    py = between(0, 2 * Math.PI);
  return polygons.map((polygon) =>
    polygon.map(([gx, gy]) => {
      const a = gx * sx + gy * shear,
        b = gy * sy;
      let u = a * cos - b * sin,
        v = a * sin + b * cos;
      u += ax * Math.sin(v * wx + px);
      v += ay * Math.sin(u * wy + py);
      return [x + u, y + v] as Point;
    }),
  );
}

/** A curve across the picture, left edge to right edge, through the text's band. */
function crossing(): string {
  const y = () => f1(between(CAPTCHA_HEIGHT * 0.25, CAPTCHA_HEIGHT * 0.75));
  return `M${f1(between(-10, 20))} ${y()} C${f1(between(80, 160))} ${y()} ${f1(between(240, 320))} ${y()} ${f1(between(CAPTCHA_WIDTH - 20, CAPTCHA_WIDTH + 10))} ${y()}`;
}

/** The drawing of one captcha (SVG, kept on the server). */
export function drawing(text: string): string {
  const all = loadFonts();
  const paper = pick(PAPER);
  const parts: string[] = [`<rect width="${CAPTCHA_WIDTH}" height="${CAPTCHA_HEIGHT}" fill="${paper}"/>`];
  for (let i = 0; i < 5; i++)
    parts.push(
      `<ellipse cx="${f1(between(0, CAPTCHA_WIDTH))}" cy="${f1(between(0, CAPTCHA_HEIGHT))}" rx="${f1(between(30, 90))}" ry="${f1(between(20, 60))}" fill="${pick(TINT)}" opacity="0.7"/>`,
    );
  const dots = (n: number) => {
    for (let i = 0; i < n; i++)
      parts.push(
        `<circle cx="${f1(between(0, CAPTCHA_WIDTH))}" cy="${f1(between(0, CAPTCHA_HEIGHT))}" r="${f1(between(1, 3.5))}" fill="${Math.random() < 0.6 ? pick(INK) : pick(TINT)}"/>`,
      );
  };
  dots(70);
  const lineFamily = pick(INK_FAMILIES);
  const glyphInk = INK_FAMILIES.filter((f) => f !== lineFamily).flat();
  parts.push(`<path d="${crossing()}" stroke="${pick(INK)}" stroke-width="${f1(between(2.5, 3.5))}" fill="none" stroke-linecap="round"/>`);
  // As thick as the characters' strokes, so opening the picture (erode, then dilate) cannot lift it off.
  parts.push(
    `<path d="${crossing()}" stroke="${pick(lineFamily)}" stroke-width="${f1(between(8, 11))}" fill="none" stroke-linecap="round"/>`,
  );

  const glyphs = [...text].map((char) => glyphPolygons(pick(all), char));
  const pitch = (CAPTCHA_WIDTH - 70) / text.length;
  let x = between(28, 42) + glyphs[0].width / 2;
  glyphs.forEach(({ polygons, width }, i) => {
    const bent = bend(polygons, x, CAPTCHA_HEIGHT / 2 + between(-12, 12));
    const d = bent.map((p) => `M${p.map(([a, b]) => `${f1(a)} ${f1(b)}`).join('L')}Z`).join('');
    parts.push(`<path d="${d}" fill="${pick(glyphInk)}"/>`);
    const next = glyphs[i + 1];
    // Neighbours touch or overlap a little: no clean gap between columns of ink.
    if (next) x += Math.min(pitch, (width + next.width) / 2) * between(0.95, 1.05);
  });
  parts.push(`<path d="${crossing()}" stroke="${paper}" stroke-width="${f1(between(2, 3))}" fill="none"/>`);
  parts.push(`<path d="${crossing()}" stroke="${pick(INK)}" stroke-width="${f1(between(2, 3))}" fill="none"/>`);
  dots(90);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${CAPTCHA_WIDTH}" height="${CAPTCHA_HEIGHT}" viewBox="0 0 ${CAPTCHA_WIDTH} ${CAPTCHA_HEIGHT}">${parts.join('')}</svg>`;
}

/** The picture of `text`: the drawing rasterised, with grain over every pixel, as WebP (~8 KB). */
export async function captchaImage(text: string): Promise<Buffer> {
  const { data, info } = await sharp(Buffer.from(drawing(text)))
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const grain = crypto.randomBytes(data.length);
  for (let i = 0; i < data.length; i++) data[i] = Math.max(0, Math.min(255, data[i] + ((grain[i] % 21) - 10)));
  return sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } })
    .webp({ quality: 55 })
    .toBuffer();
}
