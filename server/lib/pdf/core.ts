// The base of every document of the portal: the embedded fonts (parsed once per process), A4 pages
// in portrait or landscape, and the one text helper that shapes and tags every run.
// Devanagari: Noto Sans Devanagari 2.006 (fonts/README.md says why) shaped by pdfkit, and every run
// tagged with its Unicode text so copying and searching give back what was written. What reaches
// into pdfkit's and fontkit's private members (the caches that make a PDF fast) is pdfkit-patch.ts.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import type PDFDocumentClass from 'pdfkit';
import { root } from '../../config.ts';
import { addSignatureField, signBytes, type SignatureRequest } from './sign.ts';
import {
  fastStreams,
  NO_DEFAULT_FONT,
  patchSubsets,
  pdfkitsFontkit,
  registerParsedFont,
  shareLayoutCache,
  textInternals,
  type FontkitFont,
} from './pdfkit-patch.ts';

export { DEFLATE_LEVEL, subsetCacheHits } from './pdfkit-patch.ts';

// pdfkit is loaded on the first document (or by the warm-up after start), not at start: it is a
// quarter of a second of CPU that a restart need not pay (issue 8, a restart under 2 s).
let pdfkit: typeof PDFDocumentClass | undefined;
const loadPdfKit = () => (pdfkit ??= createRequire(import.meta.url)('pdfkit') as typeof PDFDocumentClass);

export type Doc = PDFKit.PDFDocument;

const FONT_DIR = path.join(root, 'fonts');
export const INK = '#1a1a1a';
export const MUTED = '#555555';
export const ACCENT = '#5a2d0c';
/** Thin rules inside tables and above footers. */
export const RULE = '#b9a48a';
/** Shading of label cells and header rows. */
export const LABEL_FILL = '#f6f0e6';
/** What prints where a value is missing. */
export const MISSING = '—';
export const A4 = { width: 595.28, height: 841.89 };
/** Side margins of the content (inside the frame); the page itself has no pdfkit margins. */
export const MARGIN = 46;

/** A horizontal band of the page: where content starts, ends, and how wide it is. */
export interface Area {
  left: number;
  right: number;
  width: number;
}
const areaOf = (pageWidth: number): Area => ({ left: MARGIN, right: pageWidth - MARGIN, width: pageWidth - 2 * MARGIN });
/** The content band of a portrait A4 page. */
export const CONTENT: Area = areaOf(A4.width);
/** The content band of the document's current page (portrait or landscape). */
export const contentOf = (doc: Doc): Area => areaOf(doc.page.width);

let fonts: { regular: FontkitFont; bold: FontkitFont } | undefined;

const LAYOUT_CACHE_LIMIT = 20_000;

/** pdfkit's per-document cache of laid-out words (text → glyphs and scaled positions), shared by
 *  every document of the process: certificates repeat the same labels and names, and Devanagari
 *  shaping plus pdfkit's scaling of each run were half the time of a PDF. A run is never changed
 *  after pdfkit has scaled it (pdfkit itself reuses runs within a document). */
const sharedLayout: Record<'regular' | 'bold', Record<string, unknown>> = { regular: Object.create(null), bold: Object.create(null) };
let docsSinceSizeCheck = 0;
function boundLayoutCaches() {
  if (++docsSinceSizeCheck < 256) return;
  docsSinceSizeCheck = 0;
  for (const weight of ['regular', 'bold'] as const)
    if (Object.keys(sharedLayout[weight]).length > LAYOUT_CACHE_LIMIT) sharedLayout[weight] = Object.create(null);
  if (heights.size > LAYOUT_CACHE_LIMIT) heights.clear();
  if (wrappedLines.size > LAYOUT_CACHE_LIMIT) wrappedLines.clear();
}

/** Wrapped heights of text (weight, size, width, line gap, text → points), shared by every
 *  document of the process like the layouts above. A table cell's text was wrapped three times:
 *  measured for the row height (at each type size tried), measured again to count clipped runs,
 *  then set; pdfkit's line wrapping of the first two was a tenth of a certificate's time. The
 *  height depends on nothing else when the width is given: the fonts are fixed and no other
 *  spacing option is used. */
const heights = new Map<string, number>();
function wrappedHeight(doc: Doc, value: string, o: TextOptions): number {
  // Without a width pdfkit wraps at the page's edge, which depends on where the text starts.
  if (o.width === undefined) return doc.heightOfString(value, { lineGap: o.lineGap ?? 0 });
  const key = `${o.bold ? 'b' : 'r'}${o.size ?? 10}|${o.width}|${o.lineGap ?? 0}|${value}`;
  let h = heights.get(key);
  if (h === undefined) heights.set(key, (h = doc.heightOfString(value, { width: o.width, lineGap: o.lineGap ?? 0 })));
  return h;
}

/** Parsed font objects, shared by every document: parsing per document doubled the time per PDF.
 *  fontkit is resolved from pdfkit's own dependency so both use one copy. */
function loadFonts() {
  if (!fonts) {
    const fontkit = pdfkitsFontkit();
    const open = (file: string) => fontkit.create(fs.readFileSync(path.join(FONT_DIR, file)));
    fonts = { regular: open('NotoSansDevanagari_400Regular.ttf'), bold: open('NotoSansDevanagari_700Bold.ttf') };
    patchSubsets(fonts.regular);
  }
  return fonts;
}

/** The first character of `value` the certificate fonts have no glyph for (an emoji, a script
 *  other than Devanagari and Latin), which would print as an empty box; undefined when all print. */
export function unprintableCharacter(value: string): string | undefined {
  const { regular } = loadFonts();
  for (const ch of value) {
    const cp = ch.codePointAt(0)!;
    if (cp === 10 || cp === 13 || cp === 9) continue;
    if (!regular.hasGlyphForCodePoint(cp)) return ch;
  }
  return undefined;
}

export interface DocInfo {
  title?: string;
  author?: string;
  subject?: string;
  /** A4 on its side, for registers and lists with many columns. */
  landscape?: boolean;
  /** Keep every page open until the end, so page numbers ("1 / 3") can be written last. */
  bufferPages?: boolean;
  /** Sign the document with this key when it ends (PAdES baseline B, sign.ts); the foot prints who
   *  signed and when. */
  signature?: SignatureRequest;
}

const signatures = new WeakMap<Doc, SignatureRequest>();
/** The signature a document will carry, if any (the foot prints it). */
export const signatureOf = (doc: Doc): SignatureRequest | undefined => signatures.get(doc);

/** An A4 page with our two fonts registered as 'regular' and 'bold'. pdfkit's own margins are zero:
 *  layout is placed by hand inside the content band, and nothing flows onto a second page by itself
 *  (pages are added by the code that knows where a row ends: the grid in tables.ts). */
export function createDoc(info: DocInfo = {}): Doc {
  const f = loadFonts();
  boundLayoutCaches();
  const title = info.title ?? 'Gram Panchayat';
  const PDFDocument = loadPdfKit();
  const doc = new PDFDocument({
    size: 'A4',
    margin: 0,
    // A tagged PDF (issue 29): a structure tree in reading order that screen readers follow, the
    // document's language, and the title in the viewer's title bar instead of the file name.
    tagged: true,
    lang: 'mr-IN',
    displayTitle: true,
    pdfVersion: '1.7',
    ...(info.landscape ? { layout: 'landscape' as const } : {}),
    ...(info.bufferPages ? { bufferPages: true } : {}),
    // No Helvetica: every word is set in our font, so the standard font would only cost time.
    font: NO_DEFAULT_FONT,
    info: { Title: title, Author: info.author ?? title, Subject: info.subject ?? title, Creator: 'Gram Panchayat Portal' },
  });
  // Each weight once: pdfkit merges fonts of the same name and checksum (notes/devanagari-pdf.md).
  registerParsedFont(doc, 'regular', f.regular);
  registerParsedFont(doc, 'bold', f.bold);
  doc.font('regular');
  fastStreams(doc);
  const root = doc.struct('Document');
  doc.addStructure(root);
  structure.set(doc, [root]);
  if (info.signature) signatures.set(doc, info.signature);
  return doc;
}

// ---------------------------------------------------------------- structure (tagged PDF)

type StructElement = PDFKit.PDFStructureElement;
/** The open structure elements of each document, innermost last: what a text run joins. */
const structure = new WeakMap<Doc, StructElement[]>();
const openElement = (doc: Doc): StructElement => {
  const stack = structure.get(doc);
  if (!stack?.length) throw new Error('A document made without createDoc(): its text would be untagged');
  return stack[stack.length - 1];
};

/** Structure types a block of the document is tagged as (PDF 1.7, 14.8.4). */
export type BlockRole = 'Sect' | 'Div' | 'Table' | 'TR' | 'TH' | 'TD' | 'L' | 'LI' | 'Caption';

/** Runs `draw` with what it writes tagged as one element of type `role` (a table, a row, a cell),
 *  a child of the element open now, in reading order. */
export function tagged<T>(doc: Doc, role: BlockRole, draw: () => T): T {
  if (inArtifact.has(doc)) return draw();
  const element = doc.struct(role);
  openElement(doc).add(element);
  const stack = structure.get(doc)!;
  stack.push(element);
  try {
    return draw();
  } finally {
    stack.pop();
    element.end();
  }
}

/** Documents drawing an artifact now: their text runs are part of it, not of the structure. */
const inArtifact = new WeakSet<Doc>();

/** Runs `draw` as an artifact: rules, frames, shading, running titles and page numbers — what a
 *  screen reader skips. Text written inside is part of the artifact. */
export function artifact<T>(doc: Doc, draw: () => T, type: 'Layout' | 'Pagination' = 'Layout'): T {
  if (inArtifact.has(doc)) return draw();
  doc.markContent('Artifact', { type });
  inArtifact.add(doc);
  try {
    return draw();
  } finally {
    inArtifact.delete(doc);
    doc.endMarkedContent();
  }
}

/** Runs `draw` (an image, a QR code) as a figure with its text alternative. */
export function figure<T>(doc: Doc, alt: string, draw: () => T): T {
  const content = doc.markStructureContent('Figure');
  try {
    return draw();
  } finally {
    doc.endMarkedContent();
    openElement(doc).add(doc.struct('Figure', { alt }, [content]));
  }
}

/** Ends the document and collects its bytes, signed when it was made with a signature. */
export async function toBuffer(doc: Doc): Promise<Buffer> {
  const signature = signatures.get(doc);
  if (!signature) return ended(doc);
  addSignatureField(doc, signature);
  return signBytes(await ended(doc), signature.key);
}

function ended(doc: Doc): Promise<Buffer> {
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
  /** What the run is in the document's structure: a paragraph (default), a heading, or an artifact
   *  (a page number, a repeated header) that screen readers skip. */
  role?: 'P' | 'H1' | 'H2' | 'Artifact';
}

function applyStyle(doc: Doc, o: TextOptions) {
  const weight = o.bold ? 'bold' : 'regular';
  doc.font(weight).fontSize(o.size ?? 10);
  shareLayoutCache(doc, sharedLayout[weight]);
}

/** Distance from one line to the next in the current font and size. */
const lineAdvance = (doc: Doc, o: TextOptions) => doc.currentLineHeight(true) + (o.lineGap ?? 0);

let clipCount = 0;
/** How many text runs so far were cut with an ellipsis (maxLines), in this process: lets tests
 *  prove that values as long as the forms take print whole. */
export const clippedRuns = () => clipCount;

/** A line as pdfkit's line wrapper hands it to be drawn, with the measures it drew it by. */
interface WrappedLine {
  text: string;
  textWidth: number;
  wordCount: number;
  lineWidth: number;
  align: string;
}

/** The lines pdfkit's wrapper made of a text (weight, size, width, line gap, alignment, height,
 *  text → its lines), shared by every document of the process like the layouts above: the wrapper
 *  finds a text's break points and measures its words again every time it sets it, and its lines
 *  depend on nothing else. A text set again draws the lines it made the first time, as the wrapper
 *  hands them to pdfkit: the same bytes (tests/unit/certificate-pdf.test.ts compares the four kinds
 *  and a register both ways). Only texts that stayed on their page are kept, and a kept text is
 *  drawn from them only when all its lines fit where it starts; otherwise pdfkit wraps it again. */
const wrappedLines = new Map<string, WrappedLine[]>();
let keepWrappedLines = true;
/** Tests: set every text through pdfkit's wrapper (false), to compare the bytes with the kept lines. */
export function useWrappedLines(on: boolean) {
  keepWrappedLines = on;
}

/** The only way text is written into a PDF. pdfkit shapes Devanagari correctly on the page but its
 *  text layer comes out in visual order (रिहवासी, कायार्लय); the ActualText span around the run makes
 *  copy, search and pdftotext give back the exact Unicode. The run is also an element of the
 *  document's structure tree (a paragraph unless `role` says otherwise), in the order it is written,
 *  inside the block open now (see `tagged`). Returns the height used. */
export function text(doc: Doc, value: string, opts: TextOptions = {}): number {
  if (!value) return 0;
  applyStyle(doc, opts);
  const y = opts.y ?? doc.y;
  const x = opts.x ?? doc.x;
  doc.fillColor(opts.color ?? INK);
  const clipped = opts.maxLines !== undefined && wrappedHeight(doc, value, opts) > opts.maxLines * lineAdvance(doc, opts) + 0.5;
  if (clipped) clipCount++;
  const options = {
    width: opts.width,
    align: opts.align ?? 'left',
    lineGap: opts.lineGap ?? 0,
    // pdfkit sets as many lines as fit in `height`; the half point keeps rounding from losing the last.
    ...(opts.maxLines ? { height: opts.maxLines * lineAdvance(doc, opts) + 0.5, ellipsis: true } : {}),
  };
  const pdf = textInternals(doc);
  // Without a width the wrapper wraps at the page's right margin (pdfkit's _initOptions); a clipped
  // text's ellipsis is placed by absolute positions.
  const key =
    keepWrappedLines && !clipped
      ? `${opts.bold ? 'b' : 'r'}${opts.size ?? 10}|${opts.width ?? Math.max(pdf.page.width - x - pdf.page.margins.right, 0)}|${options.lineGap}|${options.align}|${options.height ?? ''}|${value}`
      : undefined;
  const lines = key === undefined ? undefined : wrappedLines.get(key);
  const role = inArtifact.has(doc) ? 'Artifact' : (opts.role ?? 'P');
  const content = role === 'Artifact' ? undefined : doc.markStructureContent('Span', { actual: value });
  if (!content) {
    if (!inArtifact.has(doc)) doc.markContent('Artifact', { type: 'Pagination' });
    doc.markContent('Span', { actual: value });
  }
  if (lines && y + lines.length * lineAdvance(doc, opts) <= Math.min(pdf.page.maxY(), y + (options.height ?? Infinity)) - 1) {
    // What pdfkit's _text and its wrapper do with lines that fit: the same options, each line drawn
    // by _line as the wrapper calls it (which moves y down a line), then x back at the start.
    const drawn = pdf._initOptions(x, y, options);
    for (const l of lines) {
      drawn.textWidth = l.textWidth;
      drawn.wordCount = l.wordCount;
      drawn.lineWidth = l.lineWidth;
      drawn.align = l.align;
      pdf._line(l.text, drawn, true);
    }
    doc.x = x;
  } else {
    const page = doc.page;
    const made: WrappedLine[] = [];
    pdf._text(value, x, y, options, (line, o, wrapper) => {
      made.push({
        text: line,
        textWidth: o.textWidth as number,
        wordCount: o.wordCount as number,
        lineWidth: o.lineWidth as number,
        align: o.align as string,
      });
      pdf._line(line, o, wrapper);
    });
    if (key !== undefined && made.length && doc.page === page) wrappedLines.set(key, made);
  }
  doc.endMarkedContent();
  if (content) openElement(doc).add(doc.struct(role, {}, [content]));
  else if (!inArtifact.has(doc)) doc.endMarkedContent();
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
  const h = wrappedHeight(doc, value, opts);
  return opts.maxLines ? Math.min(h, opts.maxLines * lineAdvance(doc, opts)) : h;
}

/** Width of the text on one line. */
export function textWidth(doc: Doc, value: string, opts: TextOptions = {}): number {
  applyStyle(doc, opts);
  return doc.widthOfString(value);
}

export function hLine(doc: Doc, x1: number, x2: number, y: number, width = 0.6, color = '#999999') {
  artifact(doc, () => doc.save().lineWidth(width).strokeColor(color).moveTo(x1, y).lineTo(x2, y).stroke().restore());
}

export function vLine(doc: Doc, x: number, y1: number, y2: number, width = 0.5, color = RULE) {
  artifact(doc, () => doc.save().lineWidth(width).strokeColor(color).moveTo(x, y1).lineTo(x, y2).stroke().restore());
}
