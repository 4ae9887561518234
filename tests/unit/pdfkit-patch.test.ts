// The private pdfkit and fontkit members server/lib/pdf/pdfkit-patch.ts relies on, checked one by
// one, so an upgrade that removes or changes one fails here naming it, not in a clerk's PDF. Also:
// the versions are the pinned ones the patch was checked against, the code of each method it
// replaces or reproduces is the code it was written against, and what the patched classes write is
// what pdfkit and fontkit write themselves (the same subset bytes, the same stream contents).
// This file patches the classes itself: it must not share a process with one that made a PDF first.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import {
  fastStreams,
  pageContent,
  patchSubsets,
  pdfkitsFontkit,
  PATCHED_AGAINST,
  registerParsedFont,
  RELIED_ON,
  subsetCacheHits,
  subsetPrototype,
  textInternals,
  type FontkitFont,
  type PdfRef,
  type TtfGlyph,
  type TtfSubset,
} from '../../server/lib/pdf/pdfkit-patch.ts';
import type { Doc } from '../../server/lib/pdf/core.ts';

const root = path.resolve(import.meta.dirname, '../..');
const require = createRequire(path.join(root, 'server/lib/pdf/pdfkit-patch.ts'));
const PDFDocument = require('pdfkit') as new (options?: object) => Doc;
const fontBytes = fs.readFileSync(path.join(root, 'fonts/NotoSansDevanagari_400Regular.ttf'));

/** The version of a package as installed, by the folder its entry point is in. */
function installedVersion(entry: string, name: string): string {
  let dir = path.dirname(entry);
  while (
    !fs.existsSync(path.join(dir, 'package.json')) ||
    JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')).name !== name
  )
    dir = path.dirname(dir);
  return JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')).version;
}

/** The code of a method as pdfkit 0.20.2 and fontkit 2.0.4 have it (sha-256 of its source, 16 hex):
 *  the patch replaces or reproduces these, so a change in any of them needs a look at pdfkit-patch.ts. */
const METHOD_CODE = {
  'fontkit TTFSubset._addGlyph': '625b34b9ae3d4053',
  'fontkit TTFSubset.encode': '7e64d77ad1ba59de',
  'pdfkit PDFReference.write': 'd1f6b34f81ec4b0d',
  'pdfkit PDFReference.finalize': '0b450aae31df155b',
  'pdfkit PDFDocument._text': 'a18ddac75b11e7bb',
  'pdfkit PDFDocument._initOptions': 'ca88a5ac1a2dd22c',
  'pdfkit PDFDocument._line': '0b57ab05538ff09a',
};
const codeOf = (f: unknown) =>
  typeof f === 'function' ? crypto.createHash('sha256').update(f.toString()).digest('hex').slice(0, 16) : `not a function (${typeof f})`;

type Probe = [what: string, ok: boolean];
const isFn = (v: unknown) => typeof v === 'function';
const isNum = (v: unknown) => typeof v === 'number' && Number.isFinite(v);

/** A glyph of the font drawn from others (a compound glyph), whose component ids the subset renumbers. */
function compoundGlyph(font: FontkitFont): number {
  const f = font as unknown as { numGlyphs: number; getGlyph(g: number): TtfGlyph };
  for (let g = 0; g < f.numGlyphs; g++) if ((f.getGlyph(g)._decode()?.numberOfContours ?? 0) < 0) return g;
  throw new Error('the font has no compound glyph to test with');
}

/** A subset of these glyphs, encoded. */
function encodeSubset(font: FontkitFont, gids: number[]): Uint8Array {
  const subset = font.createSubset() as TtfSubset;
  for (const g of gids) subset.includeGlyph(g);
  return subset.encode();
}

/** Every stream of a PDF, inflated where it was deflated, in the order written. */
function streamsOf(pdf: Buffer): string[] {
  const text = pdf.toString('latin1');
  const out: string[] = [];
  const re = /<<((?:(?!>>\s*stream)[\s\S])*)>>\s*stream\r?\n/g;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const length = Number(/\/Length (\d+)/.exec(m[1])?.[1]);
    const body = pdf.subarray(m.index + m[0].length, m.index + m[0].length + length);
    out.push((/\/FlateDecode/.test(m[1]) ? zlib.inflateSync(body) : body).toString('latin1'));
  }
  return out;
}

/** A small page as every document of the portal draws one: our font, shaped Devanagari, a tagged run, a rule. */
function samplePdf(font: FontkitFont, patched: boolean): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: 0, font: null, info: { CreationDate: new Date(0) } });
  if (patched) fastStreams(doc);
  registerParsedFont(doc, 'regular', font);
  doc.font('regular').fontSize(12);
  doc.markContent('Span', { actual: 'ग्रामपंचायत कार्यालय' });
  doc.text('ग्रामपंचायत कार्यालय, जन्म प्रमाणपत्र १२/अ', 50, 50, { width: 300 });
  doc.endMarkedContent();
  doc.moveTo(50, 120).lineTo(300, 120).stroke();
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.end();
  });
}

describe('the pdfkit and fontkit internals pdfkit-patch.ts relies on', () => {
  const font = pdfkitsFontkit().create(fontBytes);
  const proto = subsetPrototype(font) as TtfSubset & { _glyphCache?: unknown };
  const refProto = Object.getPrototypeOf(pageContent(new PDFDocument({ font: null }))) as PdfRef;

  it('are still unpatched in this process (the checks below compare with pdfkit’s own code)', () => {
    expect(proto._glyphCache, 'fontkit’s subset class was patched before this file ran').toBeUndefined();
    expect(refProto._fastStreams, 'pdfkit’s PDFReference was patched before this file ran').toBeUndefined();
  });

  it('come from the versions pinned in package.json, the ones the patch was checked against', () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
    const installed = {
      pdfkit: installedVersion(require.resolve('pdfkit'), 'pdfkit'),
      fontkit: installedVersion(createRequire(require.resolve('pdfkit')).resolve('fontkit'), 'fontkit'),
    };
    const pinned = { pdfkit: pkg.dependencies.pdfkit, fontkit: pkg.dependencies.fontkit };
    expect(pinned, 'package.json must pin pdfkit and fontkit exactly to PATCHED_AGAINST (pdfkit-patch.ts)').toEqual(PATCHED_AGAINST);
    expect(installed, 'the installed pdfkit and fontkit are not those PATCHED_AGAINST names: run npm ci').toEqual(PATCHED_AGAINST);
  });

  it('have the members the patch reads, calls or replaces, of the kind it expects', () => {
    const subset = font.createSubset() as TtfSubset;
    const compound = compoundGlyph(font);
    subset.includeGlyph(compound);
    subset.encode();
    const f = subset.font;
    const glyph = f.getGlyph(compound);
    const decoded = glyph._decode();
    const stream = f._getTableStream('glyf');
    const doc = new PDFDocument({ font: null });
    const noFont = (doc as unknown as { _font: unknown })._font;
    registerParsedFont(doc, 'regular', font);
    doc.font('regular');
    const ref = pageContent(doc);
    const pdf = textInternals(doc);
    const probes: Probe[] = [
      ['fontkit TTFSubset._addGlyph is a method', isFn(proto._addGlyph)],
      ['fontkit TTFSubset.encode is a method', isFn(proto.encode)],
      ['fontkit TTFSubset.includeGlyph is a method', isFn(proto.includeGlyph)],
      ['fontkit TTFSubset.font is the font it was made from', subset.font === (font as unknown)],
      ['fontkit TTFSubset.glyphs is the list of glyph ids', Array.isArray(subset.glyphs) && subset.glyphs.every(isNum)],
      [
        'fontkit TTFSubset.glyf is a list of byte arrays after encode',
        Array.isArray(subset.glyf) && subset.glyf.every((b) => b instanceof Uint8Array),
      ],
      [
        'fontkit TTFSubset.loca.offsets is a list of numbers after encode',
        Array.isArray(subset.loca?.offsets) && subset.loca.offsets.every(isNum),
      ],
      [
        'fontkit TTFSubset.hmtx.metrics holds { advance, bearing }',
        Array.isArray(subset.hmtx?.metrics) && subset.hmtx.metrics.every((m) => isNum(m.advance) && isNum(m.bearing)),
      ],
      ['fontkit TTFSubset.offset is a number after encode', isNum(subset.offset)],
      ['fontkit TTFFont.createSubset is a method', isFn(font.createSubset)],
      ['fontkit TTFFont.getGlyph is a method', isFn(f.getGlyph)],
      ['fontkit TTFFont.loca.offsets is a list of numbers', Array.isArray(f.loca?.offsets) && f.loca.offsets.every(isNum)],
      ['fontkit TTFFont._getTableStream("glyf") gives { pos, readBuffer }', isNum(stream?.pos) && isFn(stream?.readBuffer)],
      ['fontkit TTFFont._variationProcessor is empty for our (static) font', !f._variationProcessor],
      ['fontkit TTFGlyph._decode is a method', isFn(glyph._decode)],
      ['fontkit TTFGlyph._decode() gives numberOfContours < 0 for a compound glyph', (decoded?.numberOfContours ?? 0) < 0],
      [
        'fontkit TTFGlyph._decode().components hold { glyphID, pos }',
        Array.isArray(decoded?.components) &&
          decoded!.components!.length > 0 &&
          decoded!.components!.every((c) => isNum(c.glyphID) && isNum(c.pos)),
      ],
      ['fontkit TTFGlyph._getMetrics().leftBearing is a number', isNum(glyph._getMetrics?.().leftBearing)],
      ['fontkit TTFGlyph.advanceWidth is a number', isNum(glyph.advanceWidth)],
      ['pdfkit PDFDocument with options.font null opens no font', noFont === null],
      [
        'pdfkit PDFDocument.registerFont takes a parsed fontkit font',
        (doc as unknown as { _font: { font: unknown } })._font?.font === font,
      ],
      ['pdfkit PDFDocument.page.content is a PDFReference', !!ref && Object.getPrototypeOf(ref) === refProto],
      ['pdfkit PDFReference.write is a method', isFn(refProto.write)],
      ['pdfkit PDFReference.finalize is a method', isFn(refProto.finalize)],
      ['pdfkit PDFReference.compress is a boolean', typeof ref.compress === 'boolean'],
      ['pdfkit PDFReference.buffer is a list', Array.isArray(ref.buffer)],
      ['pdfkit PDFReference.uncompressedLength is a number', isNum(ref.uncompressedLength)],
      ['pdfkit PDFReference.data is its dictionary', typeof ref.data === 'object' && ref.data !== null],
      [
        'pdfkit PDFDocument._font.layoutCache is an object',
        typeof (doc as unknown as { _font: { layoutCache: unknown } })._font.layoutCache === 'object',
      ],
      ['pdfkit PDFDocument._text is a method', isFn(pdf._text)],
      ['pdfkit PDFDocument._initOptions is a method', isFn(pdf._initOptions)],
      ['pdfkit PDFDocument._line is a method', isFn(pdf._line)],
      ['pdfkit PDFPage.maxY is a method', isFn(pdf.page.maxY)],
      ['pdfkit PDFPage.margins.right is a number', isNum(pdf.page.margins?.right)],
    ];
    expect(probes.filter(([, ok]) => !ok).map(([what]) => `changed: ${what}`)).toEqual([]);
    // Each owner RELIED_ON names is probed above, so the list in pdfkit-patch.ts and these checks agree.
    for (const owner of Object.keys(RELIED_ON))
      expect(
        probes.some(([what]) => what.startsWith(owner)),
        owner,
      ).toBe(true);
  });

  it('have the code of the methods the patch replaces or reproduces, as it was written against', () => {
    const doc = new PDFDocument({ font: null }) as unknown as Record<string, unknown>;
    const code = {
      'fontkit TTFSubset._addGlyph': codeOf(proto._addGlyph),
      'fontkit TTFSubset.encode': codeOf(proto.encode),
      'pdfkit PDFReference.write': codeOf(refProto.write),
      'pdfkit PDFReference.finalize': codeOf(refProto.finalize),
      'pdfkit PDFDocument._text': codeOf(doc._text),
      'pdfkit PDFDocument._initOptions': codeOf(doc._initOptions),
      'pdfkit PDFDocument._line': codeOf(doc._line),
    };
    const changed = Object.keys(METHOD_CODE).filter((k) => code[k as keyof typeof code] !== METHOD_CODE[k as keyof typeof METHOD_CODE]);
    expect(changed.map((k) => `${k}'s code changed: compare it with pdfkit-patch.ts, then record its new hash here`)).toEqual([]);
  });

  it('give the same font subset bytes patched as fontkit gives, and reuse them', () => {
    const gids = [...new Set(font.layout('ग्रामपंचायत कार्यालय, जन्म प्रमाणपत्र १२/अ Birth').glyphs.map((g) => (g as { id: number }).id))];
    gids.push(compoundGlyph(font));
    const fontkits = encodeSubset(font, gids);
    patchSubsets(font);
    const hits = subsetCacheHits();
    expect(Buffer.from(encodeSubset(font, gids)).equals(Buffer.from(fontkits))).toBe(true);
    expect(Buffer.from(encodeSubset(font, gids)).equals(Buffer.from(fontkits))).toBe(true);
    expect(subsetCacheHits()).toBe(hits + 1);
  });

  it('write the same stream contents with fastStreams as pdfkit writes', async () => {
    const own = await samplePdf(font, false);
    const fast = await samplePdf(font, true);
    expect(refProto._fastStreams).toBe(true);
    const [a, b] = [streamsOf(own), streamsOf(fast)];
    expect(a.length).toBeGreaterThan(2);
    expect(b).toEqual(a);
  });
});
