// Workbooks no spreadsheet program writes, made by hand for the register import's limits (security
// issue 25): a small zip writer whose directory may declare sizes other than the true ones, and a
// sheet of the import's columns with as many rows as asked, generated and deflated piece by piece so
// that a sheet of hundreds of megabytes never sits in the test's memory whole.
import zlib from 'node:zlib';
import { IMPORT_COLUMNS } from '../../server/modules/properties/excel.ts';

export interface Part {
  name: string;
  /** The part's text, or its pieces. */
  text: string | Iterable<string>;
  /** What the zip's directory (and the entry's local header) says it unpacks to; the truth if unset. */
  declaredSize?: number;
}

async function deflated(text: string | Iterable<string>) {
  const deflate = zlib.createDeflateRaw();
  const out: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => out.push(chunk));
  const done = new Promise((resolve, reject) => deflate.on('end', resolve).on('error', reject));
  let crc = 0;
  let size = 0;
  let batch = '';
  const write = async (s: string) => {
    const bytes = Buffer.from(s);
    crc = zlib.crc32(bytes, crc);
    size += bytes.length;
    if (!deflate.write(bytes)) await new Promise((resolve) => deflate.once('drain', resolve));
  };
  for (const piece of typeof text === 'string' ? [text] : text) {
    batch += piece;
    if (batch.length >= 1 << 20) {
      await write(batch);
      batch = '';
    }
  }
  await write(batch);
  deflate.end();
  await done;
  return { data: Buffer.concat(out), crc, size };
}

/** A zip of these parts, each deflated, with a central directory at its end. */
export async function zipOf(parts: Part[]): Promise<Buffer> {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const { data, crc, size } = await deflated(part.text);
    const name = Buffer.from(part.name);
    const declared = part.declaredSize ?? size;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(8, 8); // deflated
    local.writeUInt32LE(crc >>> 0, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(declared, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc >>> 0, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(declared, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, data);
    centrals.push(central, name);
    offset += local.length + name.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
const line = (texts: string[], row: number) =>
  texts.map((text, i) => `<c r="${String.fromCharCode(65 + i)}${row}" t="inlineStr"><is><t>${escape(text)}</t></is></c>`).join('');

/** The import's header line, its English line, then `rows` rows of one property each.
 *  `numbered`: each row carries its number, as Excel writes them, and its own property number.
 *  Otherwise the rows are copies without a number, which pack to almost nothing: 6,000,000 of them
 *  unpack to 684 MB from 2.3 MB, the kind of workbook security issue 25 found (1.78 MB, 6 million
 *  rows). `padding`: text put in column Z of each row, a column the import does not read. */
export function* registerSheet(rows: number, { numbered = false, padding = '' } = {}): Iterable<string> {
  yield '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
  yield '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>';
  yield `<row r="1">${line(
    IMPORT_COLUMNS.map((c) => c.mr),
    1,
  )}</row>`;
  yield `<row r="2">${line(
    IMPORT_COLUMNS.map((c) => c.en),
    2,
  )}</row>`;
  const pad = (row: number) => (padding ? `<c r="Z${row}" t="inlineStr"><is><t>${escape(padding)}</t></is></c>` : '');
  if (numbered) {
    for (let i = 1; i <= rows; i++) yield `<row r="${i + 2}">${line([String(i), 'मालक'], i + 2)}${pad(i + 2)}</row>`;
  } else {
    const copy = `<row>${line(['101', 'मालक'], 3)}${pad(3)}</row>`;
    for (let left = rows; left > 0; left -= 1000) yield copy.repeat(Math.min(left, 1000));
  }
  yield '</sheetData></worksheet>';
}

/** The parts around one sheet that make a workbook exceljs and Excel open. */
export function workbookParts(sheet: Omit<Part, 'name'>): Part[] {
  const main = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
  const rels = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
  const pkg = 'http://schemas.openxmlformats.org/package/2006/relationships';
  return [
    {
      name: '[Content_Types].xml',
      text:
        '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
        '<Default Extension="xml" ContentType="application/xml"/>' +
        '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
        '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
        '</Types>',
    },
    {
      name: '_rels/.rels',
      text: `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${pkg}"><Relationship Id="rId1" Type="${rels}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    },
    {
      name: 'xl/workbook.xml',
      text: `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${main}" xmlns:r="${rels}"><sheets><sheet name="नमुना ८" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      text: `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${pkg}"><Relationship Id="rId1" Type="${rels}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
    },
    { name: 'xl/worksheets/sheet1.xml', ...sheet },
  ];
}
