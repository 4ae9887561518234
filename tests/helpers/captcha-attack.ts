// The attacks of security issue 25 (finding 4) on the public search's captcha, kept so that a test
// and a bench can run them on what the portal draws. No server code and no vitest here.
//
// 1. Outline matching, for an SVG captcha that draws each character as a path (svg-captcha, which
//    the portal used until this issue): every character has one fixed outline, so a path moved to
//    the origin is compared with the outlines learnt from a few labelled captchas.
// 2. Template matching, for a raster captcha: the attacker renders every character of the alphabet
//    from the generator's own fonts, undistorted; cleans the picture up; splits it into five columns
//    (by its gaps, else where the ink is thinnest); and names each column by the template it
//    correlates with best over small shifts and scales.
import sharp from 'sharp';

// ------------------------------------------------------------------------------------ 1. outlines

interface Outline {
  /** The path's command letters: the same character gives the same letters. */
  letters: string;
  /** Its coordinates relative to its first point. */
  coords: number[];
}

function outlineOf(d: string): { outline: Outline; left: number } {
  const tokens = d.match(/[MLQCZ]|-?\d*\.?\d+(?:e-?\d+)?/gi) ?? [];
  const letters = tokens.filter((t) => /^[a-z]$/i.test(t)).join('');
  const numbers = tokens.filter((t) => !/^[a-z]$/i.test(t)).map(Number);
  const [x0, y0] = numbers;
  const xs = numbers.filter((_, i) => i % 2 === 0);
  return { outline: { letters, coords: numbers.map((n, i) => n - (i % 2 === 0 ? x0 : y0)) }, left: Math.min(...xs) };
}

/** The character paths of an svg-captcha image, left to right (its noise lines have fill="none"). */
function characterPaths(svg: string) {
  return [...svg.matchAll(/<path fill="(?!none)[^"]*" d="([^"]+)"/g)].map((m) => outlineOf(m[1])).sort((a, b) => a.left - b.left);
}

export type Outlines = Map<string, { char: string; coords: number[] }[]>;

/** The attacker's templates: each character's outline, from captchas whose text is known. */
export function learnOutlines(samples: { text: string; svg: string }[]): Outlines {
  const outlines: Outlines = new Map();
  for (const { text, svg } of samples) {
    const paths = characterPaths(svg);
    if (paths.length !== text.length) continue;
    paths.forEach(({ outline }, i) => {
      const known = outlines.get(outline.letters) ?? [];
      if (!known.some((k) => k.char === text[i])) known.push({ char: text[i], coords: outline.coords });
      outlines.set(outline.letters, known);
    });
  }
  return outlines;
}

/** Reads an svg-captcha image by its outlines: the nearest learnt outline with the same commands. */
export function readByOutlines(svg: string, outlines: Outlines): string {
  return characterPaths(svg)
    .map(({ outline }) => {
      let best = { char: '?', distance: Infinity };
      for (const t of outlines.get(outline.letters) ?? []) {
        if (t.coords.length !== outline.coords.length) continue;
        const distance = t.coords.reduce((sum, c, i) => sum + Math.abs(c - outline.coords[i]), 0) / t.coords.length;
        if (distance < best.distance) best = { char: t.char, distance };
      }
      return best.char;
    })
    .join('');
}

// ------------------------------------------------------------------------------------ 2. templates

/** A binary image: 1 for ink. */
interface Bitmap {
  width: number;
  height: number;
  ink: Uint8Array;
}

/** The size every glyph is compared at. */
const CELL_W = 24;
const CELL_H = 32;

/** Grey levels of an image (PNG, WebP…) and Otsu's threshold between ink and background. */
export async function binarise(image: Buffer): Promise<Bitmap> {
  const { data, info } = await sharp(image).flatten({ background: '#ffffff' }).greyscale().raw().toBuffer({ resolveWithObject: true });
  const histogram = new Array<number>(256).fill(0);
  for (const v of data) histogram[v]++;
  const total = data.length;
  let sum = 0;
  for (let i = 0; i < 256; i++) sum += i * histogram[i];
  let sumB = 0,
    weightB = 0,
    best = 0,
    threshold = 127;
  for (let t = 0; t < 256; t++) {
    weightB += histogram[t];
    if (!weightB) continue;
    const weightF = total - weightB;
    if (!weightF) break;
    sumB += t * histogram[t];
    const between = weightB * weightF * (sumB / weightB - (sum - sumB) / weightF) ** 2;
    if (between > best) {
      best = between;
      threshold = t;
    }
  }
  const ink = new Uint8Array(total);
  for (let i = 0; i < total; i++) ink[i] = data[i] <= threshold ? 1 : 0;
  return { width: info.width, height: info.height, ink };
}

/** Erosion or dilation by a square of half-side r (a row pass, then a column pass). */
function morph(b: Bitmap, r: number, erode: boolean): Bitmap {
  const pass = (src: Uint8Array, step: number, length: number, lines: number, stride: number) => {
    const out = new Uint8Array(src.length);
    for (let line = 0; line < lines; line++)
      for (let i = 0; i < length; i++) {
        let v = erode ? 1 : 0;
        for (let d = -r; d <= r; d++) {
          const j = i + d;
          const px = j >= 0 && j < length ? src[line * stride + j * step] : 0;
          if (erode ? !px : px) {
            v = erode ? 0 : 1;
            break;
          }
        }
        out[line * stride + i * step] = v;
      }
    return out;
  };
  const rows = pass(b.ink, 1, b.width, b.height, b.width);
  return { width: b.width, height: b.height, ink: pass(rows, b.width, b.height, b.width, 1) };
}

/** Drops connected pieces of ink smaller than `min` pixels (dots, scraps of lines). */
function dropSpecks(b: Bitmap, min: number): Bitmap {
  const ink = b.ink.slice();
  const seen = new Uint8Array(ink.length);
  const stack: number[] = [];
  for (let start = 0; start < ink.length; start++) {
    if (!ink[start] || seen[start]) continue;
    const piece: number[] = [];
    stack.push(start);
    seen[start] = 1;
    while (stack.length) {
      const i = stack.pop()!;
      piece.push(i);
      const x = i % b.width;
      for (const j of [i - b.width, i + b.width, x > 0 ? i - 1 : -1, x < b.width - 1 ? i + 1 : -1])
        if (j >= 0 && j < ink.length && ink[j] && !seen[j]) {
          seen[j] = 1;
          stack.push(j);
        }
    }
    if (piece.length < min) for (const i of piece) ink[i] = 0;
  }
  return { width: b.width, height: b.height, ink };
}

/** The attacker's clean-up: lines thinner than the glyphs' strokes opened away (an erosion then a
 *  dilation by `open` pixels), then dots and scraps dropped. */
export function clean(b: Bitmap, open: number): Bitmap {
  return dropSpecks(open > 0 ? morph(morph(b, open, true), open, false) : b, 60);
}

/** The part of a bitmap inside [x0, x1) × [y0, y1). */
function crop(b: Bitmap, x0: number, x1: number, y0 = 0, y1 = b.height): Bitmap {
  const width = Math.max(1, x1 - x0),
    height = Math.max(1, y1 - y0);
  const ink = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) ink[y * width + x] = b.ink[(y + y0) * b.width + x + x0] ?? 0;
  return { width, height, ink };
}

/** The bounding box of the ink (the whole bitmap when it has none). */
function inkBox(b: Bitmap) {
  let x0 = b.width,
    x1 = 0,
    y0 = b.height,
    y1 = 0;
  for (let y = 0; y < b.height; y++)
    for (let x = 0; x < b.width; x++)
      if (b.ink[y * b.width + x]) {
        x0 = Math.min(x0, x);
        x1 = Math.max(x1, x + 1);
        y0 = Math.min(y0, y);
        y1 = Math.max(y1, y + 1);
      }
  return x1 > x0 ? { x0, x1, y0, y1 } : { x0: 0, x1: b.width, y0: 0, y1: b.height };
}

/** The ink's box scaled to a CELL_W × CELL_H grid of ink fractions, keeping its aspect ratio and
 *  centring it (area sampling), after a scale factor (the matcher's small scales). */
function normalise(b: Bitmap, scale = 1): Float32Array {
  const box = inkBox(b);
  const w = box.x1 - box.x0,
    h = box.y1 - box.y0;
  const fit = Math.min(CELL_W / w, CELL_H / h) * scale;
  const out = new Float32Array(CELL_W * CELL_H);
  const ox = (CELL_W - w * fit) / 2,
    oy = (CELL_H - h * fit) / 2;
  const counts = new Float32Array(CELL_W * CELL_H);
  for (let y = box.y0; y < box.y1; y++)
    for (let x = box.x0; x < box.x1; x++) {
      const cx = Math.floor(ox + (x - box.x0 + 0.5) * fit),
        cy = Math.floor(oy + (y - box.y0 + 0.5) * fit);
      if (cx < 0 || cy < 0 || cx >= CELL_W || cy >= CELL_H) continue;
      out[cy * CELL_W + cx] += b.ink[y * b.width + x];
      counts[cy * CELL_W + cx] += 1;
    }
  for (let i = 0; i < out.length; i++) out[i] = counts[i] ? out[i] / counts[i] : 0;
  return out;
}

/** A cell ready for correlation: its values less their mean, scaled to length 1. */
function centred(cell: Float32Array): Float32Array {
  let mean = 0;
  for (const v of cell) mean += v / cell.length;
  const out = new Float32Array(cell.length);
  let norm = 0;
  for (let i = 0; i < cell.length; i++) {
    out[i] = cell[i] - mean;
    norm += out[i] * out[i];
  }
  norm = Math.sqrt(norm) || 1;
  for (let i = 0; i < out.length; i++) out[i] /= norm;
  return out;
}

/** A cell moved by (dx, dy), empty where it moved in from outside. */
function shifted(cell: Float32Array, dx: number, dy: number): Float32Array {
  const out = new Float32Array(cell.length);
  for (let y = 0; y < CELL_H; y++)
    for (let x = 0; x < CELL_W; x++) {
      const sx = x - dx,
        sy = y - dy;
      if (sx >= 0 && sy >= 0 && sx < CELL_W && sy < CELL_H) out[y * CELL_W + x] = cell[sy * CELL_W + sx];
    }
  return out;
}

/** Pearson correlation of two centred cells. */
function correlation(a: Float32Array, b: Float32Array): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += a[i] * b[i];
  return sum;
}

export interface Template {
  char: string;
  /** The glyph at the small scales the matcher tries. */
  cells: Float32Array[];
}

const SCALES = [0.85, 1, 1.15];
const SHIFTS = [-1, 0, 1];

/** A template from an image of one glyph (black on white, as the attacker renders it). */
export async function templateOf(char: string, image: Buffer): Promise<Template> {
  const b = await binarise(image);
  return { char, cells: SCALES.map((s) => centred(normalise(b, s))) };
}

/** The character whose template correlates best with a glyph's cell, and that correlation. */
function nameGlyph(cell: Float32Array, templates: Template[]): { char: string; score: number } {
  const moved = SHIFTS.flatMap((dy) => SHIFTS.map((dx) => centred(shifted(cell, dx, dy))));
  let best = { char: '?', score: -Infinity };
  for (const t of templates)
    for (const tc of t.cells)
      for (const m of moved) {
        const score = correlation(m, tc);
        if (score > best.score) best = { char: t.char, score };
      }
  return best;
}

/** Column cuts splitting the ink into `count` glyphs: where the ink falls into exactly `count` runs of
 *  columns, those; else from equal widths, each cut moved to the thinnest column of ink within a third
 *  of a glyph's width. */
function cuts(b: Bitmap, count: number): number[] {
  const box = inkBox(b);
  const columns = new Array<number>(b.width).fill(0);
  for (let x = 0; x < b.width; x++) for (let y = 0; y < b.height; y++) columns[x] += b.ink[y * b.width + x];
  const runs: [number, number][] = [];
  for (let x = box.x0; x < box.x1; x++)
    if (columns[x] && (x === box.x0 || !columns[x - 1])) runs.push([x, x + 1]);
    else if (columns[x]) runs[runs.length - 1][1] = x + 1;
  if (runs.length === count) return [...runs.map(([x0]) => x0), box.x1];
  const pitch = (box.x1 - box.x0) / count;
  const at = [box.x0];
  for (let i = 1; i < count; i++) {
    const guess = Math.round(box.x0 + pitch * i);
    let best = guess;
    for (let x = Math.round(guess - pitch / 3); x <= guess + pitch / 3; x++)
      if (x > at[at.length - 1] && x < box.x1 && columns[x] < columns[best]) best = x;
    at.push(best);
  }
  at.push(box.x1);
  return at;
}

/** One reading of a cleaned-up picture: its text and the glyphs' mean correlation. */
function readBitmap(b: Bitmap, templates: Template[], length: number) {
  const at = cuts(b, length);
  let text = '',
    sum = 0;
  for (let i = 0; i < length; i++) {
    const column = crop(b, at[i], at[i + 1]);
    const box = inkBox(column);
    const { char, score } = nameGlyph(normalise(crop(column, box.x0, box.x1, box.y0, box.y1)), templates);
    text += char;
    sum += score;
  }
  return { text, score: sum / length };
}

/** The clean-up strengths the reader tries (pixels of opening: 0 keeps every line). */
export const OPENINGS = [0, 2, 3, 4];

/** Reads a raster captcha of `length` characters with the attacker's templates: the picture
 *  cleaned up at each strength, read, and the reading whose glyphs correlate best kept. */
export async function readByTemplates(image: Buffer, templates: Template[], length = 5, openings = OPENINGS): Promise<string> {
  const b = await binarise(image);
  let best = { text: '', score: -Infinity };
  for (const open of openings) {
    const reading = readBitmap(clean(b, open), templates, length);
    if (reading.score > best.score) best = reading;
  }
  return best.text;
}

/** Whole answers and single characters read right. */
export function score(pairs: { truth: string; read: string }[]) {
  const solved = pairs.filter((p) => p.read.toUpperCase() === p.truth.toUpperCase()).length;
  let chars = 0,
    total = 0;
  for (const p of pairs)
    for (let i = 0; i < p.truth.length; i++) {
      total++;
      if (p.read[i]?.toUpperCase() === p.truth[i].toUpperCase()) chars++;
    }
  return { solved, of: pairs.length, rate: solved / pairs.length, charRate: chars / total };
}

/** The attacker's templates: every character of the alphabet from each font file, black on white,
 *  upright and undistorted (fontkit reads the outline, sharp draws it). */
export async function renderTemplates(fontFiles: string[], alphabet: string, size = 100): Promise<Template[]> {
  const fontkit = await import('fontkit');
  const templates: Template[] = [];
  for (const file of fontFiles) {
    const font = fontkit.openSync(file) as import('fontkit').Font;
    for (const char of alphabet) {
      const glyph = font.glyphForCodePoint(char.codePointAt(0)!);
      const k = size / font.unitsPerEm;
      const { minX, maxX, minY, maxY } = glyph.bbox;
      const w = Math.ceil((maxX - minX) * k) + 8,
        h = Math.ceil((maxY - minY) * k) + 8;
      const svg =
        `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><rect width="100%" height="100%" fill="#fff"/>` +
        `<path transform="translate(${4 - minX * k} ${4 + maxY * k}) scale(${k} ${-k})" d="${glyph.path.toSVG()}" fill="#000"/></svg>`;
      templates.push(await templateOf(char, await sharp(Buffer.from(svg)).png().toBuffer()));
    }
  }
  return templates;
}
