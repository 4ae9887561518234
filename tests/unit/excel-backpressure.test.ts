// A streamed workbook's memory: exceljs writes a sheet's XML into the zip without heeding its
// backpressure, so rows written faster than they are compressed pile up (server/lib/excel.ts).
// sheetDrained between batches keeps that backlog near its limit, and stops an export whose
// download was closed.
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { loadExcelJS, sheetBacklog, sheetDrained } from '../../server/lib/excel.ts';

const BATCH = 1000;
const LIMIT = 256 * 1024;

/** A workbook of `batches` × 1000 Marathi rows into a stream read a chunk at a time, 2 ms apart
 *  (a download on a slow line); the largest backlog seen between batches, and the file. */
async function writeSlowly(batches: number, wait: boolean) {
  const ExcelJS = loadExcelJS();
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  const reading = (async () => {
    for await (const chunk of out) {
      chunks.push(chunk as Buffer);
      await new Promise((r) => setTimeout(r, 2));
    }
  })();
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const ws = wb.addWorksheet('कर');
  let most = 0;
  let batchBytes = 0; // the most one batch added to the backlog
  for (let b = 0; b < batches; b++) {
    const before = sheetBacklog(ws) ?? NaN;
    for (let i = 0; i < BATCH; i++) {
      const n = b * BATCH + i;
      ws.addRow([n, `मालमत्ता क्र. ${n}`, `श्री ज्ञानेश्वर कृष्ण क्षीरसागर ${n}`, 1234.5 + n, 'वडगाव मावळ']).commit();
    }
    const after = sheetBacklog(ws) ?? NaN;
    most = Math.max(most, after);
    batchBytes = Math.max(batchBytes, after - before);
    if (wait) await sheetDrained(ws, out, LIMIT);
    else await new Promise((r) => setImmediate(r));
  }
  ws.commit();
  await wb.commit();
  await reading;
  return { most, batchBytes, file: Buffer.concat(chunks) };
}

async function rowsOf(file: Buffer) {
  const wb = new (loadExcelJS().Workbook)();
  await wb.xlsx.load(file as unknown as ArrayBuffer);
  const ws = wb.worksheets[0];
  return { count: ws.rowCount, last: ws.getRow(ws.rowCount).values as unknown[] };
}

describe('a streamed worksheet', () => {
  it('piles its XML up without sheetDrained, and holds about one batch more than the limit with it', async () => {
    const loose = await writeSlowly(12, false);
    const held = await writeSlowly(12, true);
    // Without waiting, most of the 12 batches' XML (about 400 KB a batch) was still uncompressed.
    expect(loose.most).toBeGreaterThan(6 * loose.batchBytes);
    // With it: at most the limit, plus the one batch written after the last wait.
    expect(held.most).toBeGreaterThan(LIMIT);
    expect(held.most).toBeLessThanOrEqual(LIMIT + held.batchBytes);
    expect(held.most * 3).toBeLessThan(loose.most);
    for (const { file } of [loose, held]) {
      const { count, last } = await rowsOf(file);
      expect(count).toBe(12 * BATCH);
      expect(last.slice(1)).toEqual([11_999, 'मालमत्ता क्र. 11999', 'श्री ज्ञानेश्वर कृष्ण क्षीरसागर 11999', 1234.5 + 11_999, 'वडगाव मावळ']);
    }
  });

  it('stops the export when the download is closed while it waits', async () => {
    const ExcelJS = loadExcelJS();
    const out = new PassThrough(); // nobody reads it: the export must wait, then stop
    const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
    const ws = wb.addWorksheet('कर');
    const written = (async () => {
      for (let b = 0; b < 1000; b++) {
        for (let i = 0; i < BATCH; i++) ws.addRow([b, i, 'श्री ज्ञानेश्वर कृष्ण क्षीरसागर']).commit();
        await sheetDrained(ws, out, LIMIT);
      }
    })();
    // Wait until the export is held up by its backlog, then close the download.
    while ((sheetBacklog(ws) ?? 0) <= LIMIT) await new Promise((r) => setTimeout(r, 5));
    out.destroy();
    await expect(written).rejects.toThrow(/download was closed/);
  });
});
