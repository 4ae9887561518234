// Importing the register from Excel: the template, a dry run that reports each bad row, all-or-nothing
// writes, and a second import of the same file that changes nothing.
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { useTestApp, createCouncil, injectAs, type TestCouncil } from '../helpers/app.ts';
import { multipart } from '../helpers/multipart.ts';

const t = useTestApp({ uploadLimitBytes: 2 * 1024 * 1024 });

const thisYear = Number(new Intl.DateTimeFormat('en', { timeZone: 'Asia/Kolkata', year: 'numeric' }).format(new Date()));

async function template(c: TestCouncil) {
  const res = await injectAs(t.app, c, { method: 'GET', url: '/api/GrampanchayatImport/template.xlsx' });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toContain('spreadsheetml');
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  return wb;
}

/** The template with these rows filled in, as the bytes a clerk uploads. */
async function filled(c: TestCouncil, rows: (string | number)[][]) {
  const wb = await template(c);
  const ws = wb.worksheets[0];
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const upload = (c: TestCouncil, data: Buffer, dryRun: boolean, filename = 'register.xlsx') => {
  const form = multipart([
    { name: 'file', value: data, filename, contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
  ]);
  return injectAs(t.app, c, {
    method: 'POST',
    url: `/api/GrampanchayatImport/excel?dryRun=${dryRun}`,
    payload: form.payload,
    headers: form.headers,
  });
};
const count = async (c: TestCouncil) =>
  (await injectAs(t.app, c, { method: 'GET', url: '/api/Properties/paged?pageSize=1' })).json().result.totalCount;

// malmattaNo, owner, occupier, mobile, gat, CTS, description, type, use, year, built m², plot m², land rate
const GOOD = [
  ['१०१', 'रामचंद्र पाटील', 'स्वतः', 9876543210, '12', '301', 'घर', 'आर.सी.सी.', 'निवासी', thisYear - 16, 50, '', 1200],
  ['102/अ', 'Sunita Jadhav', 'भाडेकरू', '98220 11111', '13', '302', 'दुकान', 'stoneCement', 'Commercial', thisYear - 31, 30, '', 2000],
  ['103', 'गावठाण खुली जागा', 'स्वतः', '9000000001', '14', '303', '', 'Open land', 'residential', '', 200, '', 800],
];

describe('Excel import of the register', () => {
  it('serves a template with Marathi headers, an English line under them and the import’s limit beside them', async () => {
    const c = await createCouncil(t.app);
    const ws = (await template(c)).worksheets[0];
    expect(ws.getRow(1).getCell(1).value).toBe('मालमत्ता क्रमांक *');
    expect(ws.getRow(1).getCell(2).value).toBe('मालकाचे नाव *');
    expect(ws.getRow(2).getCell(1).value).toBe('Property No.');
    expect(ws.getRow(1).getCell(14).value).toBe('एका वेळी जास्तीत जास्त 20,000 ओळी आयात करता येतात.');
    expect(ws.getRow(2).getCell(14).value).toBe('Import at most 20,000 rows at a time.');
  });

  it('reports a dry run without writing, then imports every row with its assessment, and a second import changes nothing', async () => {
    const c = await createCouncil(t.app);
    const file = await filled(c, GOOD);
    const dry = await upload(c, file, true);
    expect(dry.statusCode).toBe(200);
    expect(dry.json().result).toEqual({ dryRun: true, rows: 3, created: 3, unchanged: 0, problems: [], written: false });
    expect(await count(c)).toBe(0);

    const real = await upload(c, file, false);
    expect(real.json().result).toMatchObject({ created: 3, unchanged: 0, written: true });
    expect(await count(c)).toBe(3);
    const house = (await injectAs(t.app, c, { method: 'GET', url: `/api/OwnerProperty/GetByMalmatta/101/${c.userId}` })).json().result[0];
    expect(house).toMatchObject({
      malmattaNo: '१०१',
      malkacheNav: 'रामचंद्र पाटील',
      mobileNo: '9876543210',
      buildingType: 'rcc',
      gharpatti: '936.00',
      total: '1276.00',
    });
    const shop = (
      await injectAs(t.app, c, { method: 'GET', url: `/api/OwnerProperty/GetByMalmatta/${encodeURIComponent('१०२/अ')}/${c.userId}` })
    ).json().result[0];
    expect(shop).toMatchObject({ usage: 'commercial', mobileNo: '9822011111', gharpatti: '412.50', total: '752.50' });
    const land = (await injectAs(t.app, c, { method: 'GET', url: `/api/OwnerProperty/GetByMalmatta/103/${c.userId}` })).json().result[0];
    expect(land).toMatchObject({ buildingType: 'openLand', gharpatti: '240.00', total: '290.00' });

    const again = await upload(c, file, false);
    expect(again.json().result).toMatchObject({ created: 0, unchanged: 3, problems: [], written: false });
    expect(await count(c)).toBe(3);
  });

  it('names each bad row and field, and writes nothing when any row is bad', async () => {
    const c = await createCouncil(t.app);
    await injectAs(t.app, c, {
      method: 'POST',
      url: '/api/GrampanchayatImport/register-owner-property',
      payload: {
        malmattaNo: '500',
        malkacheNav: 'आधीचा मालक',
        bhogwatdarakNav: 'स्वतः',
        mobileNo: '9876543210',
        gatNo: '1',
        citySurveyNo: '1',
        areaSqm: '10',
      },
    });
    const file = await filled(c, [
      GOOD[0],
      ['104', '', 'स्वतः', '9876543210', '15', '304', '', 'rcc', 'residential', 2000, 40, '', 1000],
      ['१०१', 'दुसरा', 'स्वतः', '9876543210', '16', '305', '', 'rcc', 'residential', 2000, 40, '', 1000],
      ['105', 'मालक', 'स्वतः', '9876543210', '17', '306', '', 'rcc', 'residential', 2000, 'पन्नास', '', 1000],
      ['106', 'मालक', 'स्वतः', '12345', '18', '307', '', 'rcc', 'residential', 2000, 40, '', 1000],
      ['107', 'मालक', 'स्वतः', '9876543210', '19', '308', '', 'महाल', 'residential', 2000, 40, '', 1000],
      ['५००', 'नवा मालक', 'स्वतः', '9876543210', '1', '1', '', 'rcc', 'residential', 2000, 10, '', 1000],
    ]);
    const res = await upload(c, file, false);
    expect(res.statusCode).toBe(200);
    const { problems, written } = res.json().result;
    expect(written).toBe(false);
    expect(res.json().message).toBe('6 rows need correcting; nothing was written.');
    expect(problems.map((p: { row: number; field: string }) => [p.row, p.field])).toEqual([
      [4, 'malkacheNav'],
      [5, 'malmattaNo'],
      [6, 'areaSqm'],
      [7, 'mobileNo'],
      [8, 'buildingType'],
      [9, 'malmattaNo'],
    ]);
    expect(problems[1].message).toContain('first in row 3');
    expect(problems[5].message).toContain('already registered with other details');
    expect(await count(c)).toBe(1);
  });

  it('refuses a file that is not an .xlsx, a sheet without the header, and one over the upload limit', async () => {
    const c = await createCouncil(t.app);
    const notXlsx = await upload(c, Buffer.from('malmattaNo,owner\n1,x\n'), true, 'register.csv');
    expect(notXlsx.statusCode).toBe(400);
    expect(notXlsx.json().message).toMatch(/^file: must be an Excel workbook/);
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet('x').addRow(['नाव', 'पत्ता']);
    const noHeader = await upload(c, Buffer.from(await wb.xlsx.writeBuffer()), true);
    expect(noHeader.json().message).toMatch(/^file: has no header line/);
    const big = await upload(c, Buffer.concat([Buffer.from([0x50, 0x4b, 3, 4]), Buffer.alloc(3 * 1024 * 1024)]), true);
    expect(big.statusCode).toBe(413);
    expect(big.json().isSuccess).toBe(false);
  });

  it('writes a register of several thousand rows whole, each property with its owner', async () => {
    const c = await createCouncil(t.app);
    const rows = Array.from({ length: 4500 }, (_, i) => [String(i + 1), `मालक ${i + 1}`, 'स्वतः', 9000000000 + i, '1', String(i + 1)]);
    const res = await upload(c, await filled(c, rows), false);
    expect(res.json().result).toMatchObject({ created: 4500, problems: [], written: true });
    expect(await count(c)).toBe(4500);
    for (const n of [1, 2001, 4500]) {
      const found = (await injectAs(t.app, c, { method: 'GET', url: `/api/OwnerProperty/GetByMalmatta/${n}/${c.userId}` })).json().result;
      expect(found).toMatchObject([{ malmattaNo: String(n), malkacheNav: `मालक ${n}` }]);
    }
  });

  it('imports into the council of the token only', async () => {
    const a = await createCouncil(t.app);
    const b = await createCouncil(t.app);
    expect((await upload(a, await filled(a, GOOD), false)).json().result.written).toBe(true);
    expect(await count(b)).toBe(0);
    expect((await upload(b, await filled(b, GOOD), false)).json().result).toMatchObject({ created: 3, written: true });
  });
});
