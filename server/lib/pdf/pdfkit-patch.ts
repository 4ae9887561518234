// Everything the document library does to pdfkit's and fontkit's private parts, in one place.
//
// Why no public API serves: pdfkit's API draws text and registers fonts; it offers no hook to keep
// work between documents. A certificate PDF spent most of its time redoing what never changes from
// one document to the next: fontkit decodes every used glyph's outline again for each document's
// font subset and encodes the same subset again; pdfkit makes a Uint8Array of every content line and
// deflates at zlib's default level; each document lays out and wraps the same labels again. The
// changes below keep that work once per process (the fonts are parsed once, core.ts) and write the
// same PDF (tests/unit/certificate-pdf.test.ts compares the bytes with and without the kept lines;
// tests/unit/pdfkit-patch.test.ts compares the subsets and streams with pdfkit's own).
//
// They reach into members pdfkit 0.20.2 and fontkit 2.0.4 do not publish (PATCHED_AGAINST; both
// pinned exactly in package.json). tests/unit/pdfkit-patch.test.ts checks each member named in
// RELIED_ON and fails naming the one an upgrade removed or changed; upgrade only with it green.
import { createRequire } from 'node:module';
import zlib from 'node:zlib';
import type { Doc } from './core.ts';

/** The versions these changes were written and checked against. */
export const PATCHED_AGAINST = { pdfkit: '0.20.2', fontkit: '2.0.4' } as const;

/** What the changes rely on, by owner: the private (or untyped) members read, called or replaced. */
export const RELIED_ON = {
  'fontkit TTFSubset': [
    '_addGlyph (replaced)',
    'encode (replaced)',
    'includeGlyph',
    'font',
    'glyphs',
    'glyf',
    'loca.offsets',
    'hmtx.metrics',
    'offset',
  ],
  'fontkit TTFFont': ['createSubset', 'getGlyph', 'loca.offsets', '_getTableStream("glyf")', '_variationProcessor'],
  'fontkit TTFGlyph': ['_decode (numberOfContours, components[].glyphID/pos)', '_getMetrics().leftBearing', 'advanceWidth'],
  'pdfkit PDFReference': ['write (replaced)', 'finalize (replaced)', 'compress', 'buffer', 'uncompressedLength', 'data'],
  'pdfkit PDFDocument': [
    'page.content',
    '_font.layoutCache',
    '_text',
    '_initOptions',
    '_line',
    'registerFont(fontkit font)',
    'options.font null',
  ],
} as const;

// ---------------------------------------------------------------- fontkit

interface Run {
  glyphs: unknown[];
  positions: Record<string, number>[];
}
/** A parsed font, as pdfkit and this library use it. */
export interface FontkitFont {
  layout(text: string, features?: unknown): Run;
  hasGlyphForCodePoint(codePoint: number): boolean;
  createSubset(): unknown;
}
interface Fontkit {
  create(buffer: Buffer): FontkitFont;
}

/** fontkit as pdfkit resolves it, so both use one copy. */
export function pdfkitsFontkit(): Fontkit {
  const fromPdfkit = createRequire(createRequire(import.meta.url).resolve('pdfkit'));
  return fromPdfkit('fontkit') as Fontkit;
}

interface GlyphEntry {
  bytes: Uint8Array;
  /** Component glyphs of a compound glyph, whose ids the subset renumbers. */
  components?: { glyphID: number; pos: number }[];
  advance: number;
  bearing: number;
}
export interface TtfSubset {
  font: {
    getGlyph(gid: number): TtfGlyph;
    loca: { offsets: number[] };
    _getTableStream(t: string): { pos: number; readBuffer(n: number): Uint8Array };
    _variationProcessor?: unknown;
  };
  glyphs: number[];
  glyf: Uint8Array[];
  loca: { offsets: number[] };
  hmtx: { metrics: { advance: number; bearing: number }[] };
  offset: number;
  includeGlyph(gid: number): number;
  encode(): Uint8Array;
  _addGlyph(gid: number): number;
}
export interface TtfGlyph {
  advanceWidth: number;
  _decode(): { numberOfContours: number; components?: { glyphID: number; pos: number }[] } | null;
  _getMetrics(): { leftBearing: number };
}

/** The subset class's prototype (shared by every font of the kind). */
export const subsetPrototype = (font: FontkitFont) => Object.getPrototypeOf(font.createSubset()) as TtfSubset;

/** fontkit builds each document's font subset by decoding every used glyph's outline again only
 *  to tell simple from compound glyphs; a glyph's bytes and metrics never change, so they are
 *  read once per process. The subset itself (which glyphs, in which order) stays per document. */
function cacheSubsetGlyphs(font: FontkitFont) {
  const proto = subsetPrototype(font) as TtfSubset & { _glyphCache?: WeakMap<object, Map<number, GlyphEntry>> };
  if (proto._glyphCache || typeof proto._addGlyph !== 'function') return;
  const original = proto._addGlyph;
  const caches = (proto._glyphCache = new WeakMap());
  proto._addGlyph = function (this: TtfSubset, gid: number) {
    if (this.font._variationProcessor) return original.call(this, gid);
    let cache = caches.get(this.font);
    if (!cache) caches.set(this.font, (cache = new Map()));
    let entry = cache.get(gid);
    if (!entry) {
      const glyph = this.font.getGlyph(gid);
      const glyf = glyph._decode();
      const { offsets } = this.font.loca;
      const stream = this.font._getTableStream('glyf');
      stream.pos += offsets[gid];
      entry = {
        bytes: stream.readBuffer(offsets[gid + 1] - offsets[gid]),
        components: glyf && glyf.numberOfContours < 0 ? glyf.components!.map((c) => ({ glyphID: c.glyphID, pos: c.pos })) : undefined,
        advance: glyph.advanceWidth,
        bearing: glyph._getMetrics().leftBearing,
      };
      cache.set(gid, entry);
    }
    let bytes = entry.bytes;
    if (entry.components) {
      bytes = new Uint8Array(bytes);
      const view = new DataView(bytes.buffer);
      for (const c of entry.components) view.setUint16(c.pos, this.includeGlyph(c.glyphID));
    }
    this.glyf.push(bytes);
    this.loca.offsets.push(this.offset);
    this.hmtx.metrics.push({ advance: entry.advance, bearing: entry.bearing });
    this.offset += bytes.length;
    return this.glyf.length - 1;
  };
}

/** Font subsets kept, per font, by their glyph list: at most this many, of at most this many bytes
 *  (a certificate's is 10-25 KB; a long register's more, kept deflated beside it). */
const SUBSET_CACHE_LIMIT = 32;
const SUBSET_CACHE_BYTES = 2 << 20;
/** Subset bytes handed out by the cache below: their deflated form is kept with them (fastStreams). */
const reusedSubsets = new WeakMap<Uint8Array, { deflated?: Buffer }>();
let subsetHits = 0;
/** How many font subsets so far came from the cache, in this process (tests prove the reuse). */
export const subsetCacheHits = () => subsetHits;

/** A document's font subset (a TrueType font of the glyphs it uses, numbered in order of first use)
 *  depends on nothing but that ordered list, so a certificate printed again, or any document whose
 *  glyphs come in the same order, gets the bytes fontkit encoded the first time, and their deflated
 *  form (~12 % of a certificate's time). The newest lists of each font are kept. */
function cacheSubsets(font: FontkitFont) {
  type Encoding = TtfSubset & { _subsetCache?: WeakMap<object, Map<string, Uint8Array>> };
  const proto = subsetPrototype(font) as Encoding;
  if (proto._subsetCache || typeof proto.encode !== 'function') return;
  const encode = proto.encode;
  const caches = (proto._subsetCache = new WeakMap());
  proto.encode = function (this: Encoding) {
    if (this.font._variationProcessor) return encode.call(this);
    let cache = caches.get(this.font);
    if (!cache) caches.set(this.font, (cache = new Map()));
    const key = this.glyphs.join(',');
    let bytes = cache.get(key);
    if (bytes) {
      subsetHits++;
      cache.delete(key); // newest last
    } else {
      bytes = encode.call(this);
      reusedSubsets.set(bytes, {});
    }
    cache.set(key, bytes);
    let size = 0;
    for (const b of cache.values()) size += b.length;
    for (const [k, b] of cache) {
      if (cache.size <= SUBSET_CACHE_LIMIT && size <= SUBSET_CACHE_BYTES) break;
      cache.delete(k); // oldest first
      size -= b.length;
    }
    return bytes;
  };
}

/** The subset changes above, on the subset class of this (TrueType) font: once per process. */
export function patchSubsets(font: FontkitFont) {
  cacheSubsetGlyphs(font);
  cacheSubsets(font);
}

// ---------------------------------------------------------------- pdfkit

/** zlib level of every stream (page content, font subsets, ToUnicode maps). pdfkit deflates at
 *  zlib's default 6; level 1 takes ~1 ms less per certificate (a third of the deflate time) for
 *  ~8 % more bytes (birth certificate 31.5 → 34.0 KB). */
export const DEFLATE_LEVEL = 1;

export interface PdfRef {
  compress: boolean;
  buffer: (Uint8Array | string)[] | Uint8Array;
  uncompressedLength: number;
  data: { Length?: number; Filter?: string };
  write(chunk: Uint8Array | string): void;
  finalize(): void;
  _fastStreams?: true;
}

/** A document's current page content (a PDFReference, the class of every object it writes). */
export const pageContent = (doc: Doc) => (doc as unknown as { page: { content: PdfRef } }).page.content;

/** pdfkit turns every line of a page's content into its own Uint8Array as it is written (a
 *  certificate writes ~2,000 of them) and deflates at zlib's default level. The lines are kept as
 *  text here and turned into bytes once, when the stream ends (latin1 keeps the low byte of each
 *  character, as pdfkit's own conversion does), and deflated at DEFLATE_LEVEL. The bytes written
 *  are otherwise the same. Patched on the class, once per process. */
export function fastStreams(doc: Doc) {
  const proto = Object.getPrototypeOf(pageContent(doc)) as PdfRef;
  if (proto._fastStreams || typeof proto.finalize !== 'function' || typeof proto.write !== 'function') return;
  proto._fastStreams = true;
  const finalize = proto.finalize;
  proto.write = function (this: PdfRef, chunk: Uint8Array | string) {
    if (!(chunk instanceof Uint8Array)) chunk = `${chunk}\n`;
    this.uncompressedLength += chunk.length;
    this.data.Length = (this.data.Length ?? 0) + chunk.length;
    (this.buffer as (Uint8Array | string)[]).push(chunk);
    if (this.compress) this.data.Filter = 'FlateDecode';
  };
  proto.finalize = function (this: PdfRef) {
    const chunks = this.buffer as (Uint8Array | string)[];
    if (chunks.length) {
      // A font subset from the cache (cacheSubsets) is deflated once.
      const reused = chunks.length === 1 && typeof chunks[0] !== 'string' ? reusedSubsets.get(chunks[0]) : undefined;
      const bytes = chunks.every((c) => typeof c === 'string')
        ? Buffer.from(chunks.join(''), 'latin1')
        : Buffer.concat(chunks.map((c) => (typeof c === 'string' ? Buffer.from(c, 'latin1') : c)));
      const deflate = () => zlib.deflateSync(bytes, { level: DEFLATE_LEVEL });
      // Deflated here, so pdfkit's finalize (told not to compress) writes the bytes as they are.
      this.buffer = [this.compress ? (reused ? (reused.deflated ??= deflate()) : deflate()) : bytes];
      this.compress = false;
    }
    finalize.call(this);
  };
}

/** pdfkit's `font` option for no default font: it opens Helvetica unless the option is falsy (its
 *  types say a font name). */
export const NO_DEFAULT_FONT = null as unknown as string;

/** Registers a parsed fontkit font (pdfkit takes any object with layout(); its types say a path or bytes). */
export function registerParsedFont(doc: Doc, name: string, font: FontkitFont) {
  doc.registerFont(name, font as unknown as Buffer);
}

/** Makes the current font lay words out into `cache` (pdfkit keeps one per document and font). */
export function shareLayoutCache(doc: Doc, cache: Record<string, unknown>) {
  const font = (doc as unknown as { _font: { layoutCache?: Record<string, unknown> } })._font;
  if (font.layoutCache && font.layoutCache !== cache) font.layoutCache = cache;
}

export type LineCallback = (line: string, options: Record<string, unknown>, wrapper: unknown) => void;
/** pdfkit's text internals: _text runs the line wrapper and calls `line` for each line it makes;
 *  _initOptions gives the options a line is drawn with; _line draws one and moves y down. */
export interface PdfkitText {
  _text(value: string, x: number, y: number, options: object, line: LineCallback): void;
  _initOptions(x: number, y: number, options: object): Record<string, unknown>;
  _line: LineCallback;
  page: { maxY(): number; width: number; margins: { right: number } };
}
export const textInternals = (doc: Doc) => doc as unknown as PdfkitText;
