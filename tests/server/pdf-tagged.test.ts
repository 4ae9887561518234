// Every PDF kind the portal serves is a tagged PDF (issue 29): pdfinfo says "Tagged: yes", the
// structure tree starts with a Document holding the title as a heading, the language is mr-IN, the
// viewer shows the title, and the Devanagari still reads back exactly with pdftotext.
import { execFileSync } from 'node:child_process';
import { beforeAll, describe, expect, it } from 'vitest';
import { pdfJobs } from '../../server/pdf-jobs.ts';
import { createCouncil, useTestApp } from '../helpers/app.ts';
import { everyPdfKind, PDF_KINDS, type PdfKind } from '../helpers/pdf-kinds.ts';
import { pdfText, withPdfFile } from '../helpers/pdf-read.ts';

const t = useTestApp();
let pdfs: Record<PdfKind, Buffer>;

beforeAll(async () => {
  ({ pdfs } = await everyPdfKind(t.app, await createCouncil(t.app)));
}, 120_000);

const pdfinfo = (pdf: Buffer, ...args: string[]) =>
  withPdfFile(pdf, (file) => execFileSync('pdfinfo', [...args, file], { encoding: 'utf8', maxBuffer: 64 << 20 }));

/** What each kind's English title heading says. (pdfinfo -struct-text prints the glyphs in visual
 *  order, not the runs' ActualText, so the Marathi heading is checked with pdftotext instead.) */
const HEADINGS: Record<PdfKind, [string, string]> = {
  birth: ['BIRTH CERTIFICATE', 'जन्म प्रमाणपत्र'],
  death: ['DEATH CERTIFICATE', 'मृत्यू प्रमाणपत्र'],
  residence: ['RESIDENCE CERTIFICATE', 'रहिवासी दाखला'],
  marriage: ['CERTIFICATE OF REGISTRATION OF MARRIAGE', 'विवाह'],
  namuna8: ['Form No. 8 — Extract of the Assessment Register', 'नमुना नं. ८ — कर आकारणी नोंदवहीचा उतारा'],
  receipt: ['Form No. 10 — Receipt for Taxes Paid', 'नमुना नं. १० — कर वसुली पावती'],
  demandBill: ['Form No. 9-C — Tax Demand Bill', 'नमुना नं. ९'],
  namuna9: ['Form No. 9 — Tax Demand Register', 'नमुना नं. ९ — कर मागणी नोंदवही'],
};

describe('tagged PDFs', () => {
  it('covers every PDF job the workers render', () => {
    const jobs = new Set(Object.values(PDF_KINDS));
    expect(
      Object.keys(pdfJobs)
        .filter((j) => j !== 'warmUp')
        .sort(),
    ).toEqual([...jobs].sort());
  });

  it.each(Object.keys(PDF_KINDS) as PdfKind[])('%s is tagged, in mr-IN, its title shown, its text exact', (kind) => {
    const pdf = pdfs[kind];
    expect(pdfinfo(pdf)).toMatch(/^Tagged:\s+yes$/m);
    const raw = pdf.toString('latin1');
    expect(raw).toMatch(/\/Lang \(mr-IN\)/);
    expect(raw).toMatch(/\/DisplayDocTitle true/);
    const tree = pdfinfo(pdf, '-struct-text');
    // The structure tree: a Document, the title as a heading, the fields in a table, in reading order.
    expect(tree.trimStart()).toMatch(/^Document/);
    const headings = [...tree.matchAll(/^ {2}H1[^\n]*\n\s+"([^"]*)"/gm)].map((m) => m[1]);
    expect(headings).toHaveLength(2);
    expect(headings[1]).toContain(HEADINGS[kind][0]);
    expect(tree).toMatch(/^\s+Table/m);
    expect(tree).toMatch(/^\s+TH/m);
    expect(tree).toMatch(/^\s+TD/m);
    const text = pdfText(pdf);
    expect(text).toContain(HEADINGS[kind][1]);
    expect(text).toContain('ग्रामपंचायत कार्यालय');
  });
});
