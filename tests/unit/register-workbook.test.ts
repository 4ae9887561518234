// Reading an uploaded register (server/modules/properties/excel.ts) as a stream gives the rows the
// whole-file reader gave: Devanagari whole where the unpacked XML is cut into pieces, merged cells
// with their range's value. A workbook that is damaged or whose directory lies is refused with a
// message, never an error of the server. The import over HTTP: tests/server/property-import*.test.ts.
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { readWorkbook, WORKBOOK_LIMITS, megabytes } from '../../server/modules/properties/excel.ts';
import { registerSheet, workbookParts, zipOf } from '../helpers/hostile-workbook.ts';

const HEADER = ['मालमत्ता क्रमांक', 'मालकाचे नाव', 'बांधकामाचा प्रकार', 'वापर'];

/** A sheet with the import's header and these rows, written by exceljs as Excel would. */
async function workbook(rows: (string | number)[][], edit?: (ws: ExcelJS.Worksheet) => void, sharedStrings = true) {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('नमुना ८');
  ws.addRow(HEADER);
  for (const r of rows) ws.addRow(r);
  edit?.(ws);
  return Buffer.from(await wb.xlsx.writeBuffer({ useSharedStrings: sharedStrings } as ExcelJS.XlsxWriteOptions));
}

const refusal = async (data: Buffer) => {
  const err = await readWorkbook(data).then(
    () => undefined,
    (e: unknown) => e as { statusCode?: number; message?: string },
  );
  expect(err?.statusCode).toBe(400);
  return err!.message!;
};

describe('reading a register workbook', () => {
  // 2,000 long Marathi names: the unpacked text comes in pieces of 16 KB, and with three bytes to a
  // letter most cuts fall inside one. exceljs's own streaming reader turned those letters into U+FFFD.
  const names = Array.from({ length: 2000 }, (_, i) => `${i} श्रीमती ज्ञानेश्वरी लक्ष्मीबाई विठ्ठलराव क्षीरसागर-देशमुख`);
  const rows = names.map((name, i) => [String(i + 1), name, 'rcc', 'निवासी']);

  for (const [where, shared] of [
    ['shared text', true],
    ['the sheet itself', false],
  ] as const)
    it(`reads Devanagari whole when it is kept in ${where}`, async () => {
      const read = await readWorkbook(await workbook(rows, undefined, shared));
      expect(read.map((r) => r.values.malkacheNav)).toEqual(names);
      expect(read[1999]).toEqual({
        row: 2001,
        values: { malmattaNo: '2000', malkacheNav: names[1999], buildingType: 'rcc', usage: 'residential' },
      });
    });

  it('gives each merged cell its range’s value, as Excel shows it', async () => {
    const data = await workbook(
      [
        ['1', 'अ', 'दगड किंवा विटांचे, चुना/सिमेंटमध्ये', 'वाणिज्यिक'],
        ['2', 'ब', '', ''],
        ['3', 'क', '', 'निवासी'],
        ['4', 'ड', '', ''],
      ],
      (ws) => {
        ws.mergeCells('C2:C4'); // the building type of properties 1 to 3
        ws.mergeCells('D4:D5'); // the use of properties 3 and 4
      },
    );
    const read = await readWorkbook(data);
    expect(read.map((r) => [r.values.buildingType, r.values.usage])).toEqual([
      ['stoneCement', 'commercial'],
      ['stoneCement', ''],
      ['stoneCement', 'residential'],
      ['', 'residential'],
    ]);
  });

  it('refuses a workbook cut short as damaged', async () => {
    const data = await workbook([['1', 'अ', 'rcc', 'निवासी']]);
    expect(await refusal(data.subarray(0, data.length - 100))).toBe(
      'could not be read as an Excel workbook (.xlsx): it is damaged or of another kind',
    );
  });

  it('stops reading the shared text at its limit whatever the directory declares', async () => {
    const count = Math.ceil((WORKBOOK_LIMITS.keptBytes * 1.1) / 20);
    function* shared() {
      yield '<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">';
      for (let left = count; left > 0; left -= 1000) yield '<si><t>शेत</t></si>'.repeat(Math.min(left, 1000));
      yield '</sst>';
    }
    const parts = workbookParts({ text: registerSheet(1, { numbered: true }) });
    const rels = parts.find((p) => p.name === 'xl/_rels/workbook.xml.rels')!;
    rels.text = (rels.text as string).replace(
      '</Relationships>',
      '<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/></Relationships>',
    );
    const data = await zipOf([...parts, { name: 'xl/sharedStrings.xml', text: shared(), declaredSize: 1000 }]);
    expect(await refusal(data)).toContain(`The workbook unpacks to more than ${megabytes(WORKBOOK_LIMITS.keptBytes)}`);
  });
});
