// The column grid of registers and lists (lib/pdf/tables.ts), read back as a reader would: page by
// page with pdftotext, so a row lost, repeated or cut at a page break shows, and so does Devanagari
// that does not extract exactly.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ACCENT, contentOf, createDoc, drawGrid, text, toBuffer } from '../../server/lib/pdf/index.ts';
import { timeless } from '../helpers/pdf-bytes.ts';
import { useWrappedLines } from '../../server/lib/pdf/core.ts';
import { tempDir } from '../helpers/fixture.ts';
import { REGISTER_COLUMNS, registerPdf } from '../helpers/register-sample.ts';

const tmp = tempDir('pdf-grid-');

let seq = 0;
function saved(pdf: Buffer): string {
  const file = path.join(tmp, `g${++seq}.pdf`);
  fs.writeFileSync(file, pdf);
  return file;
}
const info = (file: string) => execFileSync('pdfinfo', [file], { encoding: 'utf8' });
const pageCount = (file: string) => Number(/Pages:\s+(\d+)/.exec(info(file))![1]);
/** The text of one page as `pdftotext -raw` gives it, one line per cell, blank lines dropped. */
const pageLines = (file: string, page: number) =>
  execFileSync('pdftotext', ['-raw', '-f', String(page), '-l', String(page), file, '-'], { encoding: 'utf8' })
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);

const HEADER_LINES = REGISTER_COLUMNS.flatMap((c) => [...c.header]);
const NAMES = ['श्री ज्ञानेश्वर कृष्ण क्षीरसागर', 'शीतल चव्हाण-बऱ्हाणपूरकर', 'ओंकार सुनील जाधव', 'प्रियांका संदीप पाटील', 'हृदय स्त्री द्वारा ऱ्या र्‍या'];

/** 120 owners, every 17th with a list of heirs long enough to wrap within its cell. */
const ROWS = Array.from({ length: 120 }, (_, i) => [
  String(i + 1),
  `M-${String(i + 1).padStart(3, '0')}`,
  i % 17 === 5
    ? `${NAMES[i % 5]} ${i + 1} आणि इतर वारस: ${NAMES[(i + 1) % 5]}, ${NAMES[(i + 2) % 5]}, ${NAMES[(i + 3) % 5]}`
    : `${NAMES[i % 5]} ${i + 1}`,
  'मु. पो. वडगाव, ता. मावळ, जि. पुणे',
  String(100 + i),
  String(50 + i),
  String(150 + 2 * i),
]);
const sum = (col: number) => String(ROWS.reduce((s, r) => s + Number(r[col]), 0));
const TOTALS = ['', '', 'एकूण / Total', '', sum(4), sum(5), sum(6)];
const RUNNING_TITLE = 'नमुना ९ — कर मागणी नोंदवही (पुढे चालू)';

/** A Namuna 9-like register: office header and title on page 1, a running title on the others. */
async function register(rows = ROWS, totals: string[] | null = TOTALS) {
  const { pdf } = await registerPdf(rows, {
    totals: totals ?? undefined,
    continued: (d) => {
      const { left, width } = contentOf(d);
      return 34 + text(d, RUNNING_TITLE, { x: left, y: 34, width, size: 11, bold: true, align: 'center', color: ACCENT }) + 6;
    },
  });
  return saved(pdf);
}

/** The body of each page: the cells after the header row, without the page number at the foot. */
function bodies(file: string): string[][] {
  return Array.from({ length: pageCount(file) }, (_, p) => {
    const lines = pageLines(file, p + 1);
    const afterHeader = lines.lastIndexOf(HEADER_LINES.at(-1)!) + 1;
    expect(lines.at(-1), `page ${p + 1} ends with its number`).toMatch(/^पान \d+ \/ \d+ {2}· {2}Page \d+ of \d+$/);
    return lines.slice(afterHeader, -1);
  });
}
const chunk = (cells: string[], n: number) => Array.from({ length: Math.ceil(cells.length / n) }, (_, i) => cells.slice(i * n, i * n + n));

describe('the column grid', () => {
  it('gives the same bytes when its texts are drawn from kept lines as when pdfkit wraps each', async () => {
    try {
      useWrappedLines(false);
      const wrapped = timeless(fs.readFileSync(await register()));
      useWrappedLines(true);
      await register();
      expect(timeless(fs.readFileSync(await register()))).toBe(wrapped);
    } finally {
      useWrappedLines(true);
    }
  });

  it('runs 120 rows over several landscape A4 pages', async () => {
    const file = await register();
    expect(info(file)).toMatch(/Page size:\s+841\.89 x 595\.28 pts \(A4\)/);
    expect(pageCount(file)).toBeGreaterThanOrEqual(4);
  });

  it('repeats the Marathi and English header on every page, and the running title after the first', async () => {
    const file = await register();
    const pages = pageCount(file);
    for (let p = 1; p <= pages; p++) {
      const lines = pageLines(file, p);
      for (const h of HEADER_LINES) expect(lines, `page ${p}: ${h}`).toContain(h);
      if (p > 1) expect(lines[0]).toBe(RUNNING_TITLE);
      expect(lines.at(-1)).toBe(`पान ${p} / ${pages}  ·  Page ${p} of ${pages}`);
    }
    expect(pageLines(file, 1)).toContain('ग्रामपंचायत कार्यालय वडगाव');
  });

  it('reads back every row once, in order, with its Devanagari exact, and the totals last', async () => {
    const file = await register();
    const perPage = bodies(file);
    const cells = perPage.flat();
    // The totals row leaves its empty cells out of the text.
    const totals = cells.slice(-4);
    expect(totals).toEqual(TOTALS.filter(Boolean));
    expect(chunk(cells.slice(0, -4), REGISTER_COLUMNS.length)).toEqual(ROWS);
    // Whole rows on each page: a row is never split across a break.
    for (const [p, body] of perPage.slice(0, -1).entries()) expect(body.length % REGISTER_COLUMNS.length, `page ${p + 1}`).toBe(0);
    expect(perPage.slice(0, -1).every((body) => !body.includes('एकूण / Total'))).toBe(true);
  });

  it('draws nothing between its bottom margin and the page number: rows move whole to the next page', async () => {
    const file = await register();
    const stem = file.replace(/\.pdf$/, '');
    // 72 dpi: one pixel a point. The grid ends 50 pt above the bottom edge, the page number starts 42 pt above it.
    execFileSync('pdftoppm', ['-r', '72', '-gray', '-png', file, stem]);
    const pages = pageCount(file);
    for (let p = 1; p <= pages; p++) {
      const png = fs.readdirSync(tmp).find((f) => f.startsWith(path.basename(stem)) && f.endsWith(`-${p}.png`))!;
      const { data, info: px } = await sharp(path.join(tmp, png)).raw().toBuffer({ resolveWithObject: true });
      const band = data.subarray(547 * px.width * px.channels, 552 * px.width * px.channels);
      expect(Math.min(...band), `page ${p}`).toBeGreaterThan(250);
      // ...and the grid does reach down near that margin on every page but the last.
      const above = data.subarray(520 * px.width * px.channels, 545 * px.width * px.channels);
      if (p < pages) expect(Math.min(...above), `page ${p}`).toBeLessThan(128);
    }
  });

  it('wraps a long cell within its column: taller rows, more pages, same text', async () => {
    const long = ROWS.map((r) => [...r.slice(0, 2), `${r[2]} आणि इतर वारस: ${NAMES.join(', ')}`, ...r.slice(3)]);
    const wrapped = await register(long, null);
    const plain = await register(ROWS, null);
    expect(pageCount(wrapped)).toBeGreaterThan(pageCount(plain));
    expect(chunk(bodies(wrapped).flat(), REGISTER_COLUMNS.length)).toEqual(long);
  });

  it('keeps the header with the first row: a grid that starts too low begins on the next page', async () => {
    const doc = createDoc({ landscape: true, bufferPages: true });
    drawGrid(doc, { top: doc.page.height - 70, columns: REGISTER_COLUMNS, rows: ROWS.slice(0, 3) });
    const file = saved(await toBuffer(doc));
    expect(pageCount(file)).toBe(2);
    expect(pageLines(file, 1)).toEqual([]);
    expect(chunk(pageLines(file, 2).slice(HEADER_LINES.length), REGISTER_COLUMNS.length)).toEqual(ROWS.slice(0, 3));
  });
});
