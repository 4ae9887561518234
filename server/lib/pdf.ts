// PDF primitives every document of the portal uses: the embedded fonts (parsed once per process),
// the one text helper, QR codes as vector squares, the page frame, the office header and the
// seal and signature block.
// Devanagari: Noto Sans Devanagari 2.006 (fonts/README.md says why) shaped by pdfkit, and every run
// tagged with its Unicode text so copying and searching give back what was written.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import { root } from '../config.ts';

export type Doc = PDFKit.PDFDocument;

type Position = Record<string, number>;
interface Run { glyphs: unknown[]; positions: Position[] }
interface FontkitFont { layout(text: string, features?: unknown): Run }
interface Fontkit { create(buffer: Buffer): FontkitFont }

const FONT_DIR = path.join(root, 'fonts');
export const INK = '#1a1a1a';
export const MUTED = '#555555';
export const ACCENT = '#5a2d0c';
export const A4 = { width: 595.28, height: 841.89 };
/** Side margins of the content (inside the frame); the page itself has no pdfkit margins. */
export const MARGIN = 46;
export const CONTENT = { left: MARGIN, right: A4.width - MARGIN, width: A4.width - 2 * MARGIN };

let fonts: { regular: FontkitFont; bold: FontkitFont } | undefined;

/** The glyph run pdfkit expects back from layout(); it scales `positions` in place, so every
 *  caller gets its own copy of them. */
class CachedRun implements Run {
  constructor(public glyphs: unknown[], public positions: Position[]) {}
  get advanceWidth() { return this.positions.reduce((sum, p) => sum + p.xAdvance, 0); }
}

const LAYOUT_CACHE_LIMIT = 20_000;

/** The font with its shaping remembered across documents. pdfkit shapes word by word and keeps
 *  that per document only; certificates repeat the same labels and names, and Devanagari shaping
 *  was 3/4 of the time of a PDF. */
function withLayoutCache(font: FontkitFont): FontkitFont {
  const cache = new Map<string, Run>();
  const cached: FontkitFont = Object.create(font);
  cached.layout = (text: string, features?: unknown) => {
    if (features) return font.layout(text, features);
    let run = cache.get(text);
    if (!run) {
      const fresh = font.layout(text);
      run = { glyphs: fresh.glyphs, positions: fresh.positions.map((p) => ({ ...p })) };
      if (cache.size >= LAYOUT_CACHE_LIMIT) cache.clear();
      cache.set(text, run);
    }
    return new CachedRun(run.glyphs, run.positions.map((p) => ({ ...p })));
  };
  return cached;
}

/** Parsed font objects, shared by every document: parsing per document doubled the time per PDF.
 *  fontkit is resolved from pdfkit's own dependency so both use one copy. */
function loadFonts() {
  if (!fonts) {
    const fromPdfkit = createRequire(createRequire(import.meta.url).resolve('pdfkit'));
    const fontkit = fromPdfkit('fontkit') as Fontkit;
    const open = (file: string) => withLayoutCache(fontkit.create(fs.readFileSync(path.join(FONT_DIR, file))));
    fonts = { regular: open('NotoSansDevanagari_400Regular.ttf'), bold: open('NotoSansDevanagari_700Bold.ttf') };
  }
  return fonts;
}

export interface DocInfo { title?: string; author?: string; subject?: string }

/** An A4 page with our two fonts registered as 'regular' and 'bold'. pdfkit's own margins are zero:
 *  layout is placed by hand inside CONTENT, and nothing flows onto a second page by itself. */
export function createDoc(info: DocInfo = {}): Doc {
  const f = loadFonts();
  const title = info.title ?? 'Gram Panchayat';
  const doc = new PDFDocument({
    size: 'A4', margin: 0, lang: 'mr-IN', displayTitle: true, pdfVersion: '1.7',
    // No Helvetica: every word is set in our font, so the standard font would only cost time.
    font: null as unknown as string,
    info: { Title: title, Author: info.author ?? title, Subject: info.subject ?? title, Creator: 'Gram Panchayat Portal' },
  });
  // Each weight once: pdfkit merges fonts of the same name and checksum (notes/devanagari-pdf.md).
  doc.registerFont('regular', f.regular as unknown as Buffer);
  doc.registerFont('bold', f.bold as unknown as Buffer);
  doc.font('regular');
  return doc;
}

/** Ends the document and collects its bytes. */
export function toBuffer(doc: Doc): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.end();
  });
}

export interface TextOptions {
  /** Top-left corner; without them the text continues where the last text ended. */
  x?: number;
  y?: number;
  size?: number;
  bold?: boolean;
  color?: string;
  align?: 'left' | 'center' | 'right' | 'justify';
  /** Wrap width; without it the text runs to the right edge of the page. */
  width?: number;
  lineGap?: number;
  /** Clip after this many lines with an ellipsis (the tag still carries the whole text). */
  maxLines?: number;
}

function applyStyle(doc: Doc, o: TextOptions) {
  doc.font(o.bold ? 'bold' : 'regular').fontSize(o.size ?? 10);
}

/** Distance from one line to the next in the current font and size. */
const lineAdvance = (doc: Doc, o: TextOptions) => doc.currentLineHeight(true) + (o.lineGap ?? 0);

/** The only way text is written into a PDF. pdfkit shapes Devanagari correctly on the page but its
 *  text layer comes out in visual order (रिहवासी, कायार्लय); the ActualText span around the run makes
 *  copy, search and pdftotext give back the exact Unicode. Returns the height used. */
export function text(doc: Doc, value: string, opts: TextOptions = {}): number {
  if (!value) return 0;
  applyStyle(doc, opts);
  const y = opts.y ?? doc.y;
  doc.fillColor(opts.color ?? INK);
  doc.markContent('Span', { actual: value });
  doc.text(value, opts.x ?? doc.x, y, {
    width: opts.width, align: opts.align ?? 'left', lineGap: opts.lineGap ?? 0,
    // pdfkit sets as many lines as fit in `height`; the half point keeps rounding from losing the last.
    ...(opts.maxLines ? { height: opts.maxLines * lineAdvance(doc, opts) + 0.5, ellipsis: true } : {}),
  });
  doc.endMarkedContent();
  return doc.y - y;
}

/** `text` in the bold weight. */
export function boldText(doc: Doc, value: string, opts: TextOptions = {}): number {
  return text(doc, value, { ...opts, bold: true });
}

/** Height `text` would use for this text and options. */
export function textHeight(doc: Doc, value: string, opts: TextOptions = {}): number {
  if (!value) return 0;
  applyStyle(doc, opts);
  const h = doc.heightOfString(value, { width: opts.width, lineGap: opts.lineGap ?? 0 });
  return opts.maxLines ? Math.min(h, opts.maxLines * lineAdvance(doc, opts)) : h;
}

/** Width of the text on one line. */
export function textWidth(doc: Doc, value: string, opts: TextOptions = {}): number {
  applyStyle(doc, opts);
  return doc.widthOfString(value);
}

/** A QR code as filled squares (one rectangle per run of dark modules): sharp at any zoom, a few KB.
 *  `size` is the side of the code without a quiet zone; keep 4 modules of white around it. */
export function drawQr(doc: Doc, url: string, x: number, y: number, size: number) {
  const { modules } = QRCode.create(url, { errorCorrectionLevel: 'M' });
  const n = modules.size;
  const cell = size / n;
  doc.save();
  for (let r = 0; r < n; r++) {
    let c = 0;
    while (c < n) {
      if (!modules.get(r, c)) { c++; continue; }
      const start = c;
      while (c < n && modules.get(r, c)) c++;
      // A hair of overlap keeps rasterisers from leaving white seams between rows.
      doc.rect(x + start * cell, y + r * cell, (c - start) * cell + 0.05, cell + 0.05);
    }
  }
  doc.fillColor('#000000').fill();
  doc.restore();
}

/** A double rule around the page, as printed certificate stationery has. */
export function drawFrame(doc: Doc, color = '#7a4b12') {
  doc.save().lineWidth(2).strokeColor(color).rect(18, 18, A4.width - 36, A4.height - 36).stroke();
  doc.lineWidth(0.6).rect(23, 23, A4.width - 46, A4.height - 46).stroke().restore();
}

export function hLine(doc: Doc, x1: number, x2: number, y: number, width = 0.6, color = '#999999') {
  doc.save().lineWidth(width).strokeColor(color).moveTo(x1, y).lineTo(x2, y).stroke().restore();
}

/** The issuing office as the site profile names it. */
export interface Office {
  officeName: string;
  officeNameEnglish: string;
  block: string;
  blockEnglish: string;
  district: string;
  districtEnglish: string;
}

export const NEUTRAL_OFFICE: Office = {
  officeName: 'ग्रामपंचायत कार्यालय', officeNameEnglish: 'Gram Panchayat Office',
  block: '', blockEnglish: '', district: '', districtEnglish: '',
};

/** "ता. मावळ, जि. पुणे" and "Tal. Maval, Dist. Pune"; '' for a part the profile leaves empty. */
export function officePlace(office: Office): { mr: string; en: string } {
  return {
    mr: [office.block && `ता. ${office.block}`, office.district && `जि. ${office.district}`].filter(Boolean).join(', '),
    en: [office.blockEnglish && `Tal. ${office.blockEnglish}`, office.districtEnglish && `Dist. ${office.districtEnglish}`].filter(Boolean).join(', '),
  };
}

export interface Box { top?: number; left?: number; width?: number }

/** Office name in Marathi and English, block (taluka) and district in each language, centred,
 *  then a double rule. Returns the y below the rule. */
export function drawHeader(doc: Doc, office: Office, box: Box = {}): number {
  const left = box.left ?? CONTENT.left;
  const width = box.width ?? CONTENT.width;
  let y = box.top ?? 34;
  y += text(doc, office.officeName, { x: left, y, size: 18, bold: true, align: 'center', width, color: ACCENT });
  y += text(doc, office.officeNameEnglish, { x: left, y, size: 11.5, bold: true, align: 'center', width, color: ACCENT });
  const place = officePlace(office);
  if (place.mr) y += text(doc, place.mr, { x: left, y: y + 1, size: 9.5, align: 'center', width, color: MUTED });
  if (place.en) y += text(doc, place.en, { x: left, y, size: 9, align: 'center', width, color: MUTED });
  y += 5;
  hLine(doc, left, left + width, y, 1.2, ACCENT);
  hLine(doc, left, left + width, y + 2.5, 0.4, ACCENT);
  return y + 2.5;
}

/** The place for the office's round seal: a dashed circle with its name, stamped by hand. */
export function drawSeal(doc: Doc, cx: number, cy: number, r = 34) {
  doc.save().lineWidth(0.7).dash(2, { space: 2 }).strokeColor('#9a9a9a').circle(cx, cy, r).stroke().undash().restore();
  text(doc, 'कार्यालयीन शिक्का', { x: cx - r, y: cy - 10, size: 7.5, width: 2 * r, align: 'center', color: '#8a8a8a' });
  text(doc, 'Office seal', { x: cx - r, y: cy + 2, size: 7, width: 2 * r, align: 'center', color: '#8a8a8a' });
}

export interface Signatory { mr: string; en: string }

/** A line to sign on, then who signs (Marathi, English) and the office, centred in `width`.
 *  `y` is the top of the space left for the signature. Returns the y below the block. */
export function drawSignatureBlock(doc: Doc, s: Signatory & { x: number; y: number; width: number; office?: string; space?: number }): number {
  const lineY = s.y + (s.space ?? 34);
  hLine(doc, s.x + 10, s.x + s.width - 10, lineY, 0.6, '#777777');
  let y = lineY + 2;
  const opts = { x: s.x, width: s.width, align: 'center' as const };
  y += text(doc, 'स्वाक्षरी / Signature', { ...opts, y, size: 7.5, color: MUTED });
  y += text(doc, s.mr, { ...opts, y: y + 1, size: 9, bold: true });
  y += text(doc, s.en, { ...opts, y: y + 1, size: 8.5 });
  if (s.office) y += text(doc, s.office, { ...opts, y: y + 1, size: 8, color: MUTED, maxLines: 2 });
  return y;
}
