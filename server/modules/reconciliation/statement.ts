// A bank statement as the panchayat downloads it (CSV or XLSX), read into its credit rows. Indian
// banks head their columns differently ("Txn Date" / "Date" / "Value Date", "Narration" /
// "Description" / "Particulars" / "Transaction Remarks", "Ref No./Cheque No." / "Chq./Ref.No." /
// "UTR", "Deposit Amt." / "Credit" / "Cr Amount") and put lines about the account above the header:
// the header is the first of the top lines that names a date, a narration and a credit column, or
// the columns are given by name or number. Dates are day first (05/11/26, 5 Nov 2026, 05-11-2026).
// csv-parse reads CSV (quoted commas in narrations), exceljs the workbook's first sheet.
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { Invalid } from '../../lib/errors.ts';

export type ColumnRole = 'date' | 'narration' | 'reference' | 'credit';
/** The columns given by the clerk: a header's text or a 1-based column number each. */
export type ColumnChoice = Partial<Record<ColumnRole, string | number>>;

export interface CreditRow {
  /** The line of the file (1-based), as the clerk finds it in a spreadsheet. */
  row: number;
  date: Date;
  narration: string;
  /** Paise. */
  amount: bigint;
  /** The bank's reference (UTR / Ref No.); when the row has none, the UPI reference in the
   *  narration, else a key made of the row's date, amount and narration. */
  bankReference: string;
}

export const STATEMENT_LIMIT_ROWS = 50_000;
const HEADER_SEARCH_ROWS = 40;

const norm = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '');

/** Each role's header names, best first (normalised: lower case, letters and digits only). */
const NAMES: Record<ColumnRole, { exact: string[]; contains: string[] }> = {
  date: { exact: ['txndate', 'transactiondate', 'trandate', 'date', 'postingdate', 'valuedate', 'valuedt'], contains: ['date'] },
  narration: {
    exact: ['narration', 'description', 'particulars', 'transactionremarks', 'remarks', 'transactiondetails', 'details'],
    contains: ['narration', 'description', 'particular', 'remark'],
  },
  reference: {
    exact: ['refnochequeno', 'chqrefno', 'refnochqno', 'refno', 'utr', 'utrno', 'chequeno', 'chqno', 'referenceno', 'chequenumber'],
    contains: ['utr', 'ref', 'chq', 'cheque'],
  },
  credit: {
    exact: ['depositamt', 'deposit', 'deposits', 'credit', 'credits', 'creditamount', 'cramount', 'cramt', 'depositamount'],
    contains: ['deposit', 'credit'],
  },
};

/** The columns of a header line, or null when it does not name a date, a narration and a credit. */
function columnsOf(header: string[]): Record<ColumnRole, number> | null {
  const names = header.map((h) => norm(h));
  const found: Partial<Record<ColumnRole, number>> = {};
  const taken = new Set<number>();
  for (const role of ['credit', 'narration', 'reference', 'date'] as ColumnRole[]) {
    const { exact, contains } = NAMES[role];
    let at = -1;
    for (const name of exact) if ((at = names.findIndex((n, i) => n === name && !taken.has(i))) >= 0) break;
    if (at < 0) at = names.findIndex((n, i) => !taken.has(i) && contains.some((c) => n.includes(c)) && !/debit|withdraw/.test(n));
    if (at >= 0) {
      found[role] = at;
      taken.add(at);
    }
  }
  if (found.date === undefined || found.narration === undefined || found.credit === undefined) return null;
  return { reference: -1, ...found } as Record<ColumnRole, number>;
}

/** The clerk's columns against a header line (names) or as 1-based numbers. */
function chosenColumns(header: string[], choice: ColumnChoice): Record<ColumnRole, number> {
  const out = { date: -1, narration: -1, reference: -1, credit: -1 };
  for (const role of Object.keys(out) as ColumnRole[]) {
    const c = choice[role];
    if (c === undefined || c === '') continue;
    const at = typeof c === 'number' || /^\d+$/.test(c) ? Number(c) - 1 : header.findIndex((h) => norm(h) === norm(c));
    if (at < 0 || at >= Math.max(header.length, 1) + 50)
      throw new Invalid('columns', `स्तंभ "${c}" सापडला नाही / Column "${c}" (${role}) is not in the statement's header.`);
    out[role] = at;
  }
  for (const role of ['date', 'narration', 'credit'] as ColumnRole[])
    if (out[role] < 0) throw new Invalid('columns', `${role} स्तंभ सांगा / Name the ${role} column.`);
  return out;
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/** A statement's date, day first: 05/11/2026, 05-11-26, 5 Nov 2026, 05-Nov-26, 2026-11-05, or a
 *  spreadsheet's date. Null when it is none. */
export function statementDate(v: unknown): Date | null {
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? null : new Date(Date.UTC(v.getUTCFullYear(), v.getUTCMonth(), v.getUTCDate()));
  const s = String(v ?? '').trim();
  let y: number, m: number, d: number;
  let g: RegExpMatchArray | null;
  if ((g = s.match(/^(\d{4})-(\d{1,2})-(\d{1,2})/))) [y, m, d] = [Number(g[1]), Number(g[2]), Number(g[3])];
  else if ((g = s.match(/^(\d{1,2})[/.-](\d{1,2})[/.-](\d{2}|\d{4})\b/))) [d, m, y] = [Number(g[1]), Number(g[2]), Number(g[3])];
  else if ((g = s.match(/^(\d{1,2})[\s/-]([A-Za-z]{3})[A-Za-z]*[\s/-](\d{2}|\d{4})\b/))) {
    d = Number(g[1]);
    m = MONTHS.indexOf(g[2].toLowerCase()) + 1;
    y = Number(g[3]);
  } else return null;
  if (y < 100) y += 2000;
  const date = new Date(Date.UTC(y, m - 1, d));
  return m >= 1 && m <= 12 && date.getUTCDate() === d ? date : null;
}

/** A credit amount in paise: "1,276.00", "₹ 1276", 1276.5 (a spreadsheet number); null when empty
 *  or zero. A negative or unreadable amount is refused with the line. */
function statementAmount(v: unknown, line: number): bigint | null {
  if (v === null || v === undefined) return null;
  const s = (typeof v === 'number' ? v.toFixed(2) : String(v)).replace(/[₹,\s]|INR|Rs\.?|Cr\.?$/gi, '');
  if (!s || /^0*(\.0*)?$/.test(s) || s === '-') return null;
  const g = s.match(/^(\d+)(?:\.(\d{1,2}))?$/);
  if (!g)
    throw new Invalid(
      'file',
      `ओळ ${line}: जमा रक्कम "${String(v)}" वाचता आली नाही / Line ${line}: the credit "${String(v)}" is not an amount.`,
    );
  return BigInt(g[1]) * 100n + BigInt((g[2] ?? '0').padEnd(2, '0'));
}

/** The UPI reference (RRN/UTR, 12 digits) a UPI narration carries: UPI/412345678901/…. */
const upiReferenceIn = (narration: string) => narration.match(/(?<!\d)\d{12}(?!\d)/)?.[0] ?? '';

const cellText = (v: unknown): string => {
  if (v === null || v === undefined) return '';
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  if (typeof v === 'object') {
    const o = v as { text?: unknown; richText?: { text: string }[]; result?: unknown };
    if (o.richText) return o.richText.map((r) => r.text).join('');
    if (o.text !== undefined) return String(o.text);
    if (o.result !== undefined) return cellText(o.result);
  }
  return String(v);
};

/** The lines of a CSV or of the first sheet of an XLSX, each a list of cells. */
async function linesOf(file: Buffer): Promise<unknown[][]> {
  if (file.subarray(0, 2).toString() === 'PK') {
    const book = new ExcelJS.Workbook();
    try {
      await book.xlsx.load(file as unknown as ArrayBuffer);
    } catch {
      throw new Invalid('file', 'एक्सेल फाइल वाचता आली नाही / The workbook could not be read: send the bank’s .xlsx or .csv as downloaded.');
    }
    const sheet = book.worksheets[0];
    if (!sheet) throw new Invalid('file', 'एक्सेल फाइलमध्ये पत्रक नाही / The workbook has no sheet.');
    const lines: unknown[][] = [];
    sheet.eachRow({ includeEmpty: true }, (row, n) => {
      const values = (row.values as unknown[]).slice(1);
      lines[n - 1] = values.map((v) => (v instanceof Date || typeof v === 'number' ? v : cellText(v)));
    });
    return Array.from(lines, (l) => l ?? []);
  }
  if (file.includes(0)) throw new Invalid('file', 'ही CSV किंवा XLSX फाइल नाही / This is not a CSV or XLSX bank statement.');
  try {
    return parse(file, { bom: true, relax_column_count: true, relax_quotes: true, skip_empty_lines: false, trim: true }) as string[][];
  } catch (err) {
    throw new Invalid('file', `CSV वाचता आली नाही / The CSV could not be read: ${(err as Error).message}`);
  }
}

/** The statement's credit rows (debits and empty lines left out). */
export async function readStatement(file: Buffer, choice?: ColumnChoice): Promise<CreditRow[]> {
  const lines = await linesOf(file);
  if (lines.length > STATEMENT_LIMIT_ROWS + HEADER_SEARCH_ROWS)
    throw new Invalid('file', `एका वेळी जास्तीत जास्त ${STATEMENT_LIMIT_ROWS} ओळी / At most ${STATEMENT_LIMIT_ROWS} lines at a time.`);
  let headerAt = -1;
  let cols: Record<ColumnRole, number> | null = null;
  for (let i = 0; i < Math.min(lines.length, HEADER_SEARCH_ROWS) && !cols; i++) {
    const header = lines[i].map(cellText);
    if (choice && Object.keys(choice).length) {
      if (Object.values(choice).every((c) => typeof c === 'number' || /^\d+$/.test(String(c)))) {
        cols = chosenColumns([], choice);
        headerAt = -1;
        break;
      }
      if (!header.some((h) => Object.values(choice).some((c) => norm(h) === norm(String(c))))) continue;
      cols = chosenColumns(header, choice);
    } else cols = columnsOf(header);
    headerAt = i;
  }
  if (!cols)
    throw new Invalid(
      'columns',
      'तारीख, तपशील व जमा (Deposit / Credit) स्तंभ सापडले नाहीत; स्तंभ सांगा / No header with a date, a narration and a credit column was found: name the columns.',
    );
  const out: CreditRow[] = [];
  // Under a header every line is a transaction or a blank or totals line; with the columns given by
  // number, the lines above the first dated one are the header.
  let started = headerAt >= 0;
  for (let i = headerAt + 1; i < lines.length; i++) {
    const line = lines[i];
    const date = statementDate(line[cols.date]);
    if (!date) {
      // Lines without a date (blank lines, the bank's totals under the rows) are not transactions.
      const written = cellText(line[cols.date]).trim();
      if (started && written && cellText(line[cols.credit]).trim() && !/total|balance|एकूण/i.test(line.map(cellText).join(' ')))
        throw new Invalid('file', `ओळ ${i + 1}: तारीख "${written}" वाचता आली नाही / Line ${i + 1}: the date "${written}" is not a date.`);
      continue;
    }
    started = true;
    const amount = statementAmount(line[cols.credit], i + 1);
    if (amount === null) continue;
    const narration = cellText(line[cols.narration]).replace(/\s+/g, ' ').trim().slice(0, 500);
    const typed = cols.reference >= 0 ? cellText(line[cols.reference]).trim() : '';
    const reference = (/^[0-]*$/.test(typed) ? '' : typed) || upiReferenceIn(narration);
    const bankReference = (
      reference || `${date.toISOString().slice(0, 10)}|${amount}|${narration.replace(/[^\p{L}\p{N}]/gu, '').slice(0, 60)}`
    ).slice(0, 100);
    out.push({ row: i + 1, date, narration, amount, bankReference });
  }
  return out;
}
