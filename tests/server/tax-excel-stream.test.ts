// The tax list's Excel as a long download over real HTTP: a client that goes away half way stops
// the export (server/lib/excel.ts, sheetDrained), which is logged as a closed download, not a fault;
// the server answers the next request as before. The file itself is read back in tax-list.test.ts.
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp, useCouncil } from '../helpers/app.ts';
import { seedTaxedInBulk } from '../helpers/tax-seed.ts';
import { logSink } from '../helpers/log-sink.ts';

const ROWS = 30_000; // 30 batches of the export's 1,000: far more than one wait's worth
let base: string;
const { stream, lines: logged } = logSink();
const t = useTestApp({}, { level: 'info', stream });
// The council stays: its books are append-only (a council with tax entries cannot be deleted), and
// no test assumes it is alone in the shared database.
const c = useCouncil(t);
beforeAll(async () => {
  await seedTaxedInBulk(t.database, c.userId, ROWS);
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
}, 300_000);

const closedLine = 'tax list Excel: the download was closed before its end';

describe('the tax list Excel, streamed', () => {
  it('stops when the client goes away after the first bytes, and says so at info level', async () => {
    const abort = new AbortController();
    const res = await fetch(`${base}/api/OwnerProperty/KarDetails/excel?sortField=total&sortOrder=DESC`, {
      headers: c.auth,
      signal: abort.signal,
    });
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    const first = await reader.read();
    expect(first.done).toBe(false);
    expect(Buffer.from(first.value!).subarray(0, 2).toString()).toBe('PK'); // a zip, begun
    abort.abort();

    // Waits for the server to notice (no fixed time): the test's own timeout ends a hang.
    while (!logged.some((l) => l.msg === closedLine)) await new Promise((r) => setTimeout(r, 20));
    expect(logged.find((l) => l.msg === closedLine)!.level).toBe(30); // info
    expect(logged.filter((l) => l.level >= 50)).toEqual([]); // no error logged

    // The server goes on: the whole file, downloaded this time, holds every row.
    const whole = await fetch(`${base}/api/OwnerProperty/KarDetails/excel`, { headers: c.auth });
    expect(whole.status).toBe(200);
    const bytes = Buffer.from(await whole.arrayBuffer());
    const ExcelJS = (await import('exceljs')).default;
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(bytes as unknown as ArrayBuffer);
    expect(wb.worksheets[0].rowCount).toBe(ROWS + 2); // header, rows, totals
  });
});
