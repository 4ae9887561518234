// The bank statement fixtures of issue 30 (tests/fixtures/statements: an SBI-like and an HDFC-like
// CSV export and an ICICI-like XLSX) with this tax year's bill numbers written in ({TY} in the
// narrations: the bills the tests issue are numbered in the tax year of today). No vitest and no
// server code here: the browser test and the bench read them too.
import fs from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';

export const STATEMENTS_DIR = path.resolve(import.meta.dirname, '../fixtures/statements');

/** The fixture's bytes with {TY} replaced by the tax year. */
export async function statementFixture(name: 'sbi.csv' | 'hdfc.csv' | 'icici.xlsx', taxYear: number): Promise<Buffer> {
  const file = fs.readFileSync(path.join(STATEMENTS_DIR, name));
  if (!name.endsWith('.xlsx')) return Buffer.from(file.toString('utf8').replaceAll('{TY}', String(taxYear)));
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(file as unknown as ArrayBuffer);
  book.worksheets[0].eachRow((row) =>
    row.eachCell((cell) => {
      if (typeof cell.value === 'string') cell.value = cell.value.replaceAll('{TY}', String(taxYear));
    }),
  );
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** A statement of `n` UPI credits in the HDFC-like layout, each naming one of the bills given
 *  (round robin) and paying `amount` rupees: the bench's 5,000 rows. */
export function bigStatement(n: number, bills: string[], amount = '100.00'): Buffer {
  const lines = ['Date,Narration,Chq./Ref.No.,Value Dt,Withdrawal Amt.,Deposit Amt.,Closing Balance'];
  for (let i = 0; i < n; i++) {
    const utr = String(500000000000 + i);
    lines.push(`12/11/26,UPI-PAYER ${i}-payer${i}@ybl-SBIN0001234-${utr}-${bills[i % bills.length]},${utr},12/11/26,,${amount},0.00`);
  }
  return Buffer.from(lines.join('\n'));
}
