// The register as an Excel workbook: the template a panchayat fills with its old register (Marathi
// headers, an English line under them), and the reader that turns an uploaded .xlsx into rows for
// the import. Headers are matched by their Marathi or English text or the field name, in any order.
import type ExcelJSModule from 'exceljs';
import { loadExcelJS } from '../../lib/excel.ts';
import { BUILDING_TYPES, BUILDING_TYPE_KEYS, USAGES, USAGE_KEYS } from '../../../common/property/assessment.ts';
import { Invalid } from '../../lib/errors.ts';

export interface ImportColumn {
  key: string;
  mr: string;
  en: string;
  width: number;
  required?: boolean;
}

export const IMPORT_COLUMNS: readonly ImportColumn[] = [
  { key: 'malmattaNo', mr: 'मालमत्ता क्रमांक', en: 'Property No.', width: 14, required: true },
  { key: 'malkacheNav', mr: 'मालकाचे नाव', en: 'Owner name', width: 28, required: true },
  { key: 'bhogwatdarakNav', mr: 'भोगवटादाराचे नाव', en: 'Occupier name', width: 24, required: true },
  { key: 'mobileNo', mr: 'मोबाईल क्रमांक', en: 'Mobile No.', width: 14, required: true },
  { key: 'gatNo', mr: 'गट क्रमांक', en: 'Gat / survey No.', width: 12, required: true },
  { key: 'citySurveyNo', mr: 'सिटी सर्व्हे क्रमांक', en: 'City survey No.', width: 14, required: true },
  { key: 'malmattaVarnan', mr: 'मालमत्तेचे वर्णन', en: 'Description', width: 24 },
  { key: 'buildingType', mr: 'बांधकामाचा प्रकार', en: 'Building type', width: 22 },
  { key: 'usage', mr: 'वापर', en: 'Use', width: 14 },
  { key: 'milkatBandhakamYear', mr: 'बांधकाम वर्ष', en: 'Construction year', width: 12 },
  { key: 'areaSqm', mr: 'बांधकाम क्षेत्रफळ (चौ.मी.)', en: 'Built-up area (m²)', width: 14 },
  { key: 'plotAreaSqm', mr: 'भूखंड क्षेत्रफळ (चौ.मी.)', en: 'Plot area (m²), if different', width: 14 },
  { key: 'landRate', mr: 'रेडीरेकनर जमीन दर (₹/चौ.मी.)', en: 'Land rate (₹/m²), if not the council’s', width: 16 },
];

export const IMPORT_LIMIT_ROWS = 20_000;

/** The empty template with the header lines, a filled example row, and the choices for type and use. */
export async function templateWorkbook(): Promise<Buffer> {
  const wb = new (loadExcelJS().Workbook)();
  wb.creator = 'Gram Panchayat Portal';
  const ws = wb.addWorksheet('नमुना ८', { views: [{ state: 'frozen', ySplit: 2 }] });
  ws.columns = IMPORT_COLUMNS.map((c) => ({ key: c.key, width: c.width }));
  ws.addRow(IMPORT_COLUMNS.map((c) => (c.required ? `${c.mr} *` : c.mr))).font = { bold: true };
  ws.addRow(IMPORT_COLUMNS.map((c) => c.en)).font = { italic: true, color: { argb: 'FF666666' } };
  const choices = wb.addWorksheet('पर्याय (choices)');
  choices.addRow(['बांधकामाचा प्रकार / Building type', 'key']).font = { bold: true };
  for (const k of BUILDING_TYPE_KEYS) choices.addRow([`${BUILDING_TYPES[k].mr} / ${BUILDING_TYPES[k].en}`, k]);
  choices.addRow([]);
  choices.addRow(['वापर / Use', 'key']).font = { bold: true };
  for (const k of USAGE_KEYS) choices.addRow([`${USAGES[k].mr} / ${USAGES[k].en}`, k]);
  choices.getColumn(1).width = 48;
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const norm = (s: string) => s.replace(/\*/g, '').replace(/\s+/g, ' ').trim().toLowerCase();

/** A cell as the text a clerk sees: numbers without float noise, rich text joined, formulas by their result. */
function cellText(v: ExcelJSModule.CellValue): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'number') return Number.isInteger(v) ? String(v) : String(Math.round(v * 100) / 100);
  if (typeof v === 'string') return v.trim();
  if (typeof v === 'boolean') return v ? 'TRUE' : 'FALSE';
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  if ('richText' in v)
    return v.richText
      .map((r) => r.text)
      .join('')
      .trim();
  if ('result' in v) return cellText(v.result as ExcelJSModule.CellValue);
  if ('text' in v) return String(v.text).trim();
  return '';
}

/** A building type or use written as its key, its English or its Marathi name. */
function choiceKey<K extends string>(value: string, table: Record<K, { mr: string; en: string }>): string {
  const n = norm(value);
  if (!n) return '';
  const hit = (Object.keys(table) as K[]).find((k) =>
    [k, table[k].mr, table[k].en, `${table[k].mr} / ${table[k].en}`].some((s) => norm(s) === n),
  );
  return hit ?? value;
}

export interface SheetRow {
  row: number;
  values: Record<string, string>;
}

/** Reads the first sheet: finds the header line, skips the English line under it and empty rows. */
export async function readWorkbook(data: Buffer): Promise<SheetRow[]> {
  // An .xlsx is a zip: "PK\x03\x04".
  if (data.length < 4 || data.readUInt32BE(0) !== 0x504b0304)
    throw new Invalid('file', 'must be an Excel workbook (.xlsx); save the file as .xlsx and try again');
  const wb = new (loadExcelJS().Workbook)();
  try {
    await wb.xlsx.load(data as unknown as ArrayBuffer);
  } catch {
    throw new Invalid('file', 'could not be read as an Excel workbook (.xlsx): it is damaged or of another kind');
  }
  const ws = wb.worksheets[0];
  if (!ws) throw new Invalid('file', 'has no sheet');
  const names = new Map<string, string>();
  for (const c of IMPORT_COLUMNS) for (const n of [c.key, c.mr, c.en]) names.set(norm(n), c.key);

  let header: Map<number, string> | null = null;
  let headerRow = 0;
  const rows: SheetRow[] = [];
  ws.eachRow({ includeEmpty: false }, (r, rowNumber) => {
    const cells = (r.values as ExcelJSModule.CellValue[]).map(cellText);
    if (!header) {
      const found = new Map<number, string>();
      cells.forEach((text, col) => {
        const key = names.get(norm(text));
        if (key) found.set(col, key);
      });
      if ([...found.values()].includes('malmattaNo')) {
        header = found;
        headerRow = rowNumber;
      }
      return;
    }
    const values: Record<string, string> = {};
    for (const [col, key] of header) values[key] = cells[col] ?? '';
    // The English line under the Marathi headers, and rows left empty.
    if (rowNumber === headerRow + 1 && IMPORT_COLUMNS.every((c) => !values[c.key] || norm(values[c.key]) === norm(c.en))) return;
    if (Object.values(values).every((v) => v === '')) return;
    if (values.buildingType) values.buildingType = choiceKey(values.buildingType, BUILDING_TYPES);
    if (values.usage) values.usage = choiceKey(values.usage, USAGES);
    rows.push({ row: rowNumber, values });
  });
  if (!header)
    throw new Invalid('file', `has no header line: the first sheet needs a "${IMPORT_COLUMNS[0].mr}" column (download the template)`);
  if (rows.length > IMPORT_LIMIT_ROWS) throw new Invalid('file', `has ${rows.length} rows; import at most ${IMPORT_LIMIT_ROWS} at a time`);
  return rows;
}
