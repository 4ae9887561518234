// The register as an Excel workbook: the template a panchayat fills with its old register (Marathi
// headers, an English line under them), and the reader that turns an uploaded .xlsx into rows for
// the import. Headers are matched by their Marathi or English text or the field name, in any order.
import { Readable } from 'node:stream';
import type ExcelJSModule from 'exceljs';
import { loadExcelJS } from '../../lib/excel.ts';
import { BoundedQueue } from '../../lib/bounded-queue.ts';
import { entryText, zipDirectory, ZipEntryTooLarge } from '../../lib/zip.ts';
import { BUILDING_TYPES, BUILDING_TYPE_KEYS, USAGES, USAGE_KEYS } from '../../../common/property/assessment.ts';
import { PROPERTY_INPUTS, type PropertyInput } from '../../../common/property/columns.ts';
import { Invalid } from '../../lib/errors.ts';

export interface ImportColumn {
  key: string;
  mr: string;
  en: string;
  width: number;
  required?: boolean;
}

/** The import's columns, from the property table (common/property/columns.ts): each input with an
 *  Excel column, headed by its form label in Marathi and its short English one. */
export const IMPORT_COLUMNS: readonly ImportColumn[] = PROPERTY_INPUTS.flatMap((c) => {
  const input: PropertyInput = c.input;
  if (!input.excel || !input.form) return [];
  return [{ key: c.name, mr: input.form.mr, en: input.excel.en, width: input.excel.width, ...(input.required ? { required: true } : {}) }];
});

export const IMPORT_LIMIT_ROWS = 20_000;

const MB = 1024 * 1024;
const EXCEL_MAX_ROWS = 1_048_576;

/** What an uploaded workbook may unpack to, checked in its zip directory before anything is read and
 *  again while it is read (a directory can lie). Room to spare over the largest register an import
 *  takes: 20,000 rows written by this template are 9.5 MB of sheet XML and 2.8 MB of shared text
 *  (Excel adds attributes; text kept in the cells rather than shared adds more). */
export const WORKBOOK_LIMITS = {
  /** Any one part; the first sheet's XML is the largest. */
  partBytes: 64 * MB,
  /** Each part kept in memory while the sheet is read: the shared text, styles, the workbook and its
   *  relationships. */
  keptBytes: 32 * MB,
  /** Every part together (other sheets, pictures). */
  totalBytes: 128 * MB,
  parts: 1000,
  /** Unpacked size over the file's size: about 10 for a register, 294 for a 6,000,000-row workbook
   *  like security issue 25's (tests/helpers/hostile-workbook.ts). */
  ratio: 100,
};

const LIMIT = IMPORT_LIMIT_ROWS.toLocaleString('en-IN');
/** The import's limit as the template, the refusals and the API description state it. */
export const IMPORT_LIMIT_TEXT = {
  mr: `एका वेळी जास्तीत जास्त ${LIMIT} ओळी आयात करता येतात`,
  en: `import at most ${LIMIT} rows at a time`,
};

/** The empty template with the header lines, a filled example row, and the choices for type and use. */
export async function templateWorkbook(): Promise<Buffer> {
  const wb = new (loadExcelJS().Workbook)();
  wb.creator = 'Gram Panchayat Portal';
  const ws = wb.addWorksheet('नमुना ८', { views: [{ state: 'frozen', ySplit: 2 }] });
  ws.columns = IMPORT_COLUMNS.map((c) => ({ key: c.key, width: c.width }));
  ws.addRow(IMPORT_COLUMNS.map((c) => (c.required ? `${c.mr} *` : c.mr))).font = { bold: true };
  ws.addRow(IMPORT_COLUMNS.map((c) => c.en)).font = { italic: true, color: { argb: 'FF666666' } };
  // The limit beside the headers, where the clerk looks; a column with no header of the import's is not read.
  const note = IMPORT_COLUMNS.length + 1;
  ws.getColumn(note).width = 44;
  ws.getCell(1, note).value = `${IMPORT_LIMIT_TEXT.mr}.`;
  ws.getCell(2, note).value = `${IMPORT_LIMIT_TEXT.en.replace(/^./, (c) => c.toUpperCase())}.`;
  for (const row of [1, 2]) ws.getCell(row, note).font = { italic: true, color: { argb: 'FFB00020' } };
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

/** Text as Excel keeps it in a cell: characters XML cannot hold are written _x0007_ (a literal "_x"
 *  as _x005F_x). exceljs's whole-file reader turned them back in text cells, its streaming reader
 *  leaves them: a control character must reach the import's check as itself. */
const unescaped = (s: string) => s.replace(/_x([0-9A-F]{4})_/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/** A cell as the text a clerk sees: numbers without float noise, rich text joined, formulas by their result. */
function cellText(v: ExcelJSModule.CellValue): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'number') return Number.isInteger(v) ? String(v) : String(Math.round(v * 100) / 100);
  if (typeof v === 'string') return unescaped(v).trim();
  if (typeof v === 'boolean') return v ? 'TRUE' : 'FALSE';
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  if ('richText' in v) return unescaped(v.richText.map((r) => r.text).join('')).trim();
  // A formula's text result is not escaped.
  if ('result' in v) return typeof v.result === 'string' ? v.result.trim() : cellText(v.result as ExcelJSModule.CellValue);
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

export const megabytes = (bytes: number) => `${Math.round(bytes / MB)} MB`;
const refuse = (mr: string, en: string) => new Invalid('file', `${mr} / ${en}`);
const damaged = () => new Invalid('file', 'could not be read as an Excel workbook (.xlsx): it is damaged or of another kind');
const tooManyRows = () =>
  refuse(
    `${IMPORT_LIMIT_TEXT.mr}; या शीटमध्ये त्यापेक्षा जास्त ओळी आहेत, नोंदवही भागांत विभागून आयात करा.`,
    `The sheet has more than ${LIMIT} rows: ${IMPORT_LIMIT_TEXT.en} (split the register into several workbooks).`,
  );
const tooLarge = (limit: number) =>
  refuse(
    `ही फाइल उघडल्यावर ${megabytes(limit)} पेक्षा मोठी होते, नोंदवहीच्या ${LIMIT} ओळींपेक्षा खूप जास्त; ${IMPORT_LIMIT_TEXT.mr}.`,
    `The workbook unpacks to more than ${megabytes(limit)}, far more than ${LIMIT} rows of a register: ${IMPORT_LIMIT_TEXT.en}.`,
  );

/** One workbook read at a time and one more waiting: reading is the import's heavy part (up to a
 *  64 MB sheet), and a burst of uploads should wait or be told to retry, not share the memory. */
const workbookReads = new BoundedQueue(
  1,
  1,
  'दुसरी Excel फाइल वाचली जात आहे; काही सेकंदांनी पुन्हा प्रयत्न करा. / Another Excel workbook is being read; please try again in a few seconds.',
);

/** The parts of exceljs 4's streaming WorkbookReader (lib/stream/xlsx/workbook-reader.js) that
 *  readWorkbook drives one zip entry at a time. Its own read() takes the zip from unzipper, which
 *  inflates without a cap, and decodes each chunk alone, so a Devanagari letter split between two
 *  chunks became U+FFFD (exceljs issue 2063): here the entries come from entryText, capped and
 *  decoded whole. A change of this shape in exceljs fails every import test. */
interface WorkbookReaderParts {
  _parseRels(entry: Readable): Promise<void>;
  _parseWorkbook(entry: Readable): Promise<void>;
  _parseStyles(entry: Readable): Promise<void>;
  _parseSharedStrings(entry: Readable): AsyncIterable<unknown>;
  _parseWorksheet(text: AsyncIterable<string>, id: string): Iterable<{ value: AsyncIterable<ExcelJSModule.Row> }>;
  workbookRels?: { Id: string; Target: string }[];
  model?: { sheets?: { rId: string }[] };
}

/** Reads the first sheet: finds the header line, skips the English line under it and empty rows.
 *  Within IMPORT_LIMIT_ROWS and WORKBOOK_LIMITS, one workbook at a time (Busy beyond one waiting). */
export async function readWorkbook(data: Buffer): Promise<SheetRow[]> {
  // An .xlsx is a zip: "PK\x03\x04".
  if (data.length < 4 || data.readUInt32BE(0) !== 0x504b0304)
    throw new Invalid('file', 'must be an Excel workbook (.xlsx); save the file as .xlsx and try again');
  return workbookReads.run(async () => {
    try {
      return await readFirstSheet(data);
    } catch (err) {
      if (err instanceof Invalid) throw err;
      if (err instanceof ZipEntryTooLarge) throw tooLarge(err.limit);
      throw damaged();
    }
  });
}

async function readFirstSheet(data: Buffer): Promise<SheetRow[]> {
  const directory = zipDirectory(data);
  if (directory.length > WORKBOOK_LIMITS.parts)
    throw refuse(
      `या फाइलमध्ये ${WORKBOOK_LIMITS.parts.toLocaleString('en-IN')} पेक्षा जास्त भाग आहेत; नोंदवहीची शीट नव्या Excel फाइलमध्ये कॉपी करून ती आयात करा.`,
      `The workbook has more than ${WORKBOOK_LIMITS.parts.toLocaleString('en-IN')} parts: copy the register's sheet into a new workbook and import that.`,
    );
  let total = 0;
  for (const e of directory) {
    if (e.uncompressedSize > WORKBOOK_LIMITS.partBytes) throw tooLarge(WORKBOOK_LIMITS.partBytes);
    total += e.uncompressedSize;
  }
  if (total > WORKBOOK_LIMITS.totalBytes) throw tooLarge(WORKBOOK_LIMITS.totalBytes);
  if (total > WORKBOOK_LIMITS.ratio * data.length)
    throw refuse(
      `ही फाइल उघडल्यावर तिच्या आकाराच्या ${WORKBOOK_LIMITS.ratio} पटांपेक्षा मोठी होते, Excel मध्ये जतन केलेली नोंदवही अशी होत नाही; ती Excel मध्ये उघडून पुन्हा .xlsx म्हणून जतन करा.`,
      `The workbook unpacks to more than ${WORKBOOK_LIMITS.ratio} times its size, which a register saved by Excel never does: open it in Excel, save it again as .xlsx and try again.`,
    );
  const entries = new Map(directory.map((e) => [e.name, e]));
  // The declared sizes passed; what the parts really unpack to is capped as they are read.
  const part = (name: string, limit = WORKBOOK_LIMITS.keptBytes) => {
    const entry = entries.get(name);
    return entry && entryText(data, entry, limit);
  };
  const stream = (text: AsyncIterable<string> | undefined) => text && Readable.from(text);

  const { WorkbookReader } = loadExcelJS().stream.xlsx;
  const options = { worksheets: 'emit', sharedStrings: 'cache', styles: 'cache', hyperlinks: 'ignore', entries: 'ignore' } as const;
  const reader = new WorkbookReader(undefined as never, options) as unknown as WorkbookReaderParts;
  const rels = stream(part('xl/_rels/workbook.xml.rels'));
  const book = stream(part('xl/workbook.xml'));
  if (!rels || !book) throw damaged();
  await reader._parseRels(rels);
  await reader._parseWorkbook(book);
  const styles = stream(part('xl/styles.xml'));
  if (styles) await reader._parseStyles(styles);
  const shared = stream(part('xl/sharedStrings.xml'));
  // With sharedStrings 'cache' this yields nothing: read to its end, it fills the reader's table.
  if (shared) for await (const _ of reader._parseSharedStrings(shared));

  // The first sheet in the workbook's order whose part is there, as exceljs's Workbook.worksheets[0].
  const targets = new Map((reader.workbookRels ?? []).map((r) => [r.Id, `xl/${r.Target.replace(/^(\s|\/xl\/)+/, '')}`]));
  const sheetPart = (reader.model?.sheets ?? [])
    .map((s) => targets.get(s.rId))
    .find((p) => p && /^xl\/worksheets\/[^/]+\.xml$/.test(p) && entries.has(p));
  if (!sheetPart) throw new Invalid('file', 'has no sheet');
  const merges: Merge[] = [];
  const [sheet] = [...reader._parseWorksheet(notingMerges(part(sheetPart, WORKBOOK_LIMITS.partBytes)!, merges), sheetPart)];
  if (!sheet) throw damaged();

  const names = new Map<string, string>();
  for (const c of IMPORT_COLUMNS) for (const n of [c.key, c.mr, c.en]) names.set(norm(n), c.key);
  let header: Map<number, string> | null = null;
  let headerRow = 0;
  let rowsRead = 0;
  let filledRows = 0;
  const rows: SheetRow[] = [];
  for await (const r of sheet.value) {
    // Empty rows too, short of the byte limit: more than Excel's 1,048,576 is no sheet Excel wrote.
    if (++rowsRead > EXCEL_MAX_ROWS) throw tooManyRows();
    if (!r.hasValues) continue;
    // The header line and the English line under it come on top of the rows imported.
    if (++filledRows > IMPORT_LIMIT_ROWS + 2) throw tooManyRows();
    const rowNumber = r.number;
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
      continue;
    }
    const values: Record<string, string> = {};
    for (const [col, key] of header) values[key] = cells[col] ?? '';
    // The English line under the Marathi headers, and rows left empty.
    if (rowNumber === headerRow + 1 && IMPORT_COLUMNS.every((c) => !values[c.key] || norm(values[c.key]) === norm(c.en))) continue;
    if (Object.values(values).every((v) => v === '')) continue;
    rows.push({ row: rowNumber, values });
    if (rows.length > IMPORT_LIMIT_ROWS) throw tooManyRows();
  }
  if (!header)
    throw new Invalid('file', `has no header line: the first sheet needs a "${IMPORT_COLUMNS[0].mr}" column (download the template)`);
  rows.sort((a, b) => a.row - b.row);
  applyMerges(rows, header, merges);
  for (const { values } of rows) {
    if (values.buildingType) values.buildingType = choiceKey(values.buildingType, BUILDING_TYPES);
    if (values.usage) values.usage = choiceKey(values.usage, USAGES);
  }
  return rows;
}

/** A merged range of cells, by row and column numbers from 1. */
interface Merge {
  top: number;
  left: number;
  bottom: number;
  right: number;
}

const MERGE_CELL = /<(?:\w+:)?mergeCell\b[^>]*?\bref="([A-Z]{1,3})(\d{1,7}):([A-Z]{1,3})(\d{1,7})"/g;
const columnNumber = (letters: string) => [...letters].reduce((n, ch) => n * 26 + ch.charCodeAt(0) - 64, 0);

/** The sheet's text on its way to exceljs, noting its merged ranges, which exceljs's streaming
 *  reader skips; at most one per cell a register can hold. */
async function* notingMerges(text: AsyncIterable<string>, merges: Merge[]): AsyncGenerator<string> {
  let carry = '';
  for await (const piece of text) {
    const scanned = carry + piece;
    // A tag cut between two pieces is scanned with the next; a mergeCell tag is short.
    const cut = scanned.lastIndexOf('<');
    const whole = cut < 0 || scanned.indexOf('>', cut) >= 0 ? scanned.length : cut;
    for (const m of scanned.slice(0, whole).matchAll(MERGE_CELL)) {
      if (merges.length >= IMPORT_LIMIT_ROWS * IMPORT_COLUMNS.length)
        throw refuse(
          'या शीटमध्ये खूप एकत्र केलेले (merge) कक्ष आहेत; ते वेगळे करून पुन्हा प्रयत्न करा.',
          'The sheet has too many merged cells: unmerge them (Merge & Center) and try again.',
        );
      merges.push({ left: columnNumber(m[1]), top: Number(m[2]), right: columnNumber(m[3]), bottom: Number(m[4]) });
    }
    carry = scanned.length - whole < 256 ? scanned.slice(whole) : '';
    yield piece;
  }
}

/** Gives each merged cell of the rows read its range's top-left value, as exceljs's Workbook did
 *  when it read the whole file: a clerk merges the building type of several properties into one
 *  cell, and each of them has that type. A range whose top-left cell is not one of the rows and
 *  columns read leaves its cells as they are (empty). Ranges overlap only in a damaged file. */
function applyMerges(rows: SheetRow[], header: Map<number, string>, merges: Merge[]) {
  const byNumber = new Map(rows.map((r) => [r.row, r]));
  const columns = [...header.keys()].sort((a, b) => a - b);
  let assigned = 0;
  for (const m of merges) {
    const masterKey = header.get(m.left);
    const master = masterKey === undefined ? undefined : byNumber.get(m.top)?.values[masterKey];
    if (master === undefined) continue;
    const merged = columns.filter((c) => c >= m.left && c <= m.right);
    let i = firstRowAtOrAfter(rows, m.top);
    for (; i < rows.length && rows[i].row <= m.bottom; i++)
      for (const col of merged) {
        if (rows[i].row === m.top && col === m.left) continue;
        rows[i].values[header.get(col)!] = master;
        if (++assigned > rows.length * columns.length) throw damaged();
      }
  }
}

function firstRowAtOrAfter(rows: SheetRow[], row: number): number {
  let lo = 0;
  let hi = rows.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (rows[mid].row < row) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
