// The tax list (spec 2.8): paged, sorted by grand total only, with the totals of every column, and
// its Excel read back with exceljs (Marathi headers, row count, order, totals, ₹ format, frozen header).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { TAX_LIST_COLUMNS } from '../../common/property/tax.ts';
import { useTestApp, useCouncil, createCouncil, injectAs, type TestCouncil } from '../helpers/app.ts';
import { propertyWithKar, todayIso } from '../helpers/tax.ts';

/** Property number → grand total: 1,276 of current demand plus i × ₹10.50 of house-tax arrears. */
const expected = new Map<string, string>();

const t = useTestApp();
const c = useCouncil(t);
const other = useCouncil(t);
beforeAll(async () => {
  // Made in an order unlike their totals, so register order and total order differ.
  for (const i of [3, 11, 0, 7, 1, 9, 4, 10, 2, 6, 8, 5]) {
    const arrears = ((i * 1050) / 100).toFixed(2);
    await propertyWithKar(t.app, c, `${i + 1}`, { magilGharpatti: arrears });
    expected.set(`${i + 1}`, (1276 + i * 10.5).toFixed(2));
  }
  await propertyWithKar(t.app, other, '1', { magilGharpatti: '99999' });
}, 300_000);

const list = (council: TestCouncil, query: string, path = 'KarDetails/Sorted') =>
  injectAs(t.app, council, { method: 'GET', url: `/api/OwnerProperty/${path}?${query}` });
type Item = { malmattaNo: string; total: string; rowTotal: string; karid: number };

describe('the tax list', () => {
  it('sorts by grand total descending and ascending, pages with the total count, and sums every column', async () => {
    const res = await list(c, `userId=${c.userId}&pageNumber=1&pageSize=5&sortField=total&sortOrder=DESC`);
    expect(res.statusCode).toBe(200);
    const r = res.json().result;
    // Every record was started this tax year, so it carries this year's demand: nothing to roll over.
    expect(r).toMatchObject({ pageNumber: 1, pageSize: 5, totalItems: 12, totalPages: 3, rolledOver: true });
    expect(r.items.map((i: Item) => i.malmattaNo)).toEqual(['12', '11', '10', '9', '8']);
    expect(r.items[0]).toMatchObject({
      total: '1391.50',
      rowTotal: '1391.50',
      magilGharpatti: '115.50',
      chaluGharpatti: '936.00',
      totalGharpatti: '1051.50',
      karupdatedYear: r.taxYear,
    });
    // 12 × 1,276 + 10.50 × (0 + … + 11) = 15,312 + 693.
    expect(r.totals).toMatchObject({
      magilGharpatti: '693.00',
      chaluGharpatti: '11232.00',
      totalGharpatti: '11925.00',
      chaluPanipatti: '3600.00',
      total: '16005.00',
    });

    const last = (await list(c, 'pageNumber=3&pageSize=5&sortField=total&sortOrder=ASC')).json().result;
    expect(last.items.map((i: Item) => i.malmattaNo)).toEqual(['11', '12']);
    expect(last).toMatchObject({ totalItems: 12, totalPages: 3, totals: null });
    const plain = (await list(c, 'pageNumber=1&pageSize=100', 'KarDetails')).json().result;
    expect(plain.items.map((i: Item) => i.malmattaNo)).toEqual(['4', '12', '1', '8', '2', '10', '5', '11', '3', '7', '9', '6']);
    for (const i of plain.items as Item[]) expect(i.total).toBe(expected.get(i.malmattaNo));
  });

  it('refuses page sizes and sort values it does not know, and another council’s id', async () => {
    for (const q of ['pageSize=0', 'pageSize=101', 'pageNumber=0', 'sortOrder=UP', 'sortField=malmattaNo']) {
      const res = await list(c, q);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().isSuccess).toBe(false);
    }
    expect((await list(c, `userId=${other.userId}`)).statusCode).toBe(404);
    const theirs = (await list(other, 'pageSize=10')).json().result;
    expect(theirs.totalItems).toBe(1);
    expect(theirs.totals.total).toBe('101275.00');
  });
});

describe('sorting by grand total', () => {
  it('sorts as numbers, not as text (₹10,276 after ₹1,376)', async () => {
    const n = await createCouncil(t.app);
    for (const [no, arrears] of [
      ['1', '0'],
      ['2', '9000'],
      ['3', '100'],
    ])
      await propertyWithKar(t.app, n, no, { magilGharpatti: arrears });
    const page = (await list(n, 'pageSize=10&sortField=total&sortOrder=DESC')).json().result;
    expect(page.items.map((i: Item) => i.total)).toEqual(['10276.00', '1376.00', '1276.00']);
    const res = await injectAs(t.app, n, { method: 'GET', url: '/api/OwnerProperty/KarDetails/excel?sortField=total&sortOrder=ASC' });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect([2, 3, 4].map((r) => wb.worksheets[0].getRow(r).getCell(1).value)).toEqual(['1', '3', '2']);
  });
});

describe('the tax list in Excel', () => {
  it('streams the whole list in the chosen sort: Marathi headers, every row, a totals row, ₹ format, frozen header', async () => {
    const kar = await t.app.db.karDetail.findFirstOrThrow({ where: { createdByUserId: c.userId, malmattaNo: '7' } });
    await t.app.db.karDetail.update({ where: { karId: kar.karId }, data: { malkacheNav: '' } });
    const res = await injectAs(t.app, c, {
      method: 'GET',
      url: `/api/OwnerProperty/KarDetails/excel?userId=${c.userId}&sortField=total&sortOrder=DESC`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toContain(`filename="kar-details-${todayIso()}.xlsx"`);

    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    expect(ws.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    const header = (ws.getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual(TAX_LIST_COLUMNS.map((col) => col.mr));
    expect(header).toHaveLength(16);
    expect(header.slice(0, 3)).toEqual(['मालमत्ता क्रमांक', 'मालकाचे नाव', 'मागील घरपट्टी']);
    expect(ws.rowCount).toBe(1 + 12 + 1);

    const col = (field: string) => TAX_LIST_COLUMNS.findIndex((x) => x.field === field) + 1;
    const numbers = Array.from({ length: 12 }, (_, i) => ws.getRow(i + 2).getCell(1).value);
    expect(numbers).toEqual(['12', '11', '10', '9', '8', '7', '6', '5', '4', '3', '2', '1']);
    expect(ws.getRow(7).getCell(col('malkacheNav')).value).toBe('N/A');
    for (let r = 2; r <= 13; r++) {
      const row = ws.getRow(r);
      expect((row.getCell(col('total')).value as number).toFixed(2)).toBe(expected.get(row.getCell(1).value as string));
    }
    const grand = ws.getRow(2).getCell(col('total'));
    expect(grand.numFmt).toContain('[>=100000]"₹"');
    // exceljs reads the format back without its backslashes; the file has them: 1,23,456.00, not 123,456.00.
    const file = path.join(os.tmpdir(), `kar-${process.pid}.xlsx`);
    fs.writeFileSync(file, res.rawPayload);
    const styles = execFileSync('unzip', ['-p', file, 'xl/styles.xml'], { encoding: 'utf8' });
    fs.rmSync(file);
    expect(styles).toContain(
      'formatCode="[&gt;=10000000]&quot;₹&quot;##\\,##\\,##\\,##0.00;[&gt;=100000]&quot;₹&quot;##\\,##\\,##0.00;&quot;₹&quot;##,##0.00"',
    );

    const totals = ws.getRow(14);
    expect(totals.getCell(1).value).toBe('एकूण / Total');
    expect(totals.getCell(col('total')).value).toMatchObject({ formula: 'SUM(P2:P13)', result: 16005 });
    expect(totals.getCell(col('magilGharpatti')).value).toMatchObject({ formula: 'SUM(C2:C13)', result: 693 });
  });

  it('answers 404 for another council’s id and gives a second council only its own rows', async () => {
    expect(
      (await injectAs(t.app, other, { method: 'GET', url: `/api/OwnerProperty/KarDetails/excel?userId=${c.userId}` })).statusCode,
    ).toBe(404);
    const res = await injectAs(t.app, other, { method: 'GET', url: '/api/OwnerProperty/KarDetails/excel' });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(wb.worksheets[0].rowCount).toBe(3);
  });
});
