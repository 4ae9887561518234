// The tax documents on the shared PDF layer: the Namuna 10 receipt of a payment (rule 32(5) of the
// Maharashtra Village Panchayats Taxes and Fees Rules) and the Namuna 9-क demand bill of a property.
// Both print the heads of common/property/tax.ts, amounts with Indian grouping and in words.
import { formatDateEnGB, todayInIndia } from '../../../common/dates.ts';
import { formatPaise, formatRupees, rupeesInEnglishWords, rupeesInMarathiWords, toPaise } from '../../../common/money.ts';
import { PAYMENT_METHODS, TAX_HEADS, taxYearLabel, type PaymentMethod } from '../../../common/property/tax.ts';
import type { KarDetail } from '../../generated/prisma/client.ts';
import {
  GRAM_SEVAK,
  ACCENT,
  cell,
  contentOf,
  createDoc,
  drawFoot,
  drawFrame,
  drawGrid,
  drawHeader,
  drawLabelTable,
  drawTitle,
  footTop,
  MUTED,
  text,
  toBuffer,
  type Doc,
  type Office,
} from '../../lib/pdf/index.ts';
import type { Payment } from './schema.ts';

const STATUTE_RULES = 'महाराष्ट्र ग्रामपंचायत कर व फी नियम, १९६०';
const STATUTE_RULES_EN = 'Maharashtra Village Panchayats Taxes and Fees Rules, 1960';
const headColumns = [
  { header: ['कराचा प्रकार', 'Tax head'], width: 16 },
  { header: ['मागील (थकबाकी)', 'Previous (arrears)'], width: 10, align: 'right' as const },
  { header: ['चालू', 'Current'], width: 10, align: 'right' as const },
  { header: ['एकूण', 'Total'], width: 10, align: 'right' as const },
];
const method = (m: string) => PAYMENT_METHODS[m as PaymentMethod] ?? { mr: m, en: m };

/** The amount in Marathi and English words under a table. Returns the y below. */
function drawWords(doc: Doc, paise: bigint, y: number): number {
  const { left, width } = contentOf(doc);
  y += text(doc, `अक्षरी रक्कम: ${rupeesInMarathiWords(paise)}`, { x: left, y, width, size: 10, bold: true, color: ACCENT }) + 1;
  return y + text(doc, `In words: ${rupeesInEnglishWords(paise)}`, { x: left, y, width, size: 9, color: MUTED });
}

export async function renderReceipt(p: Payment, office: Office, qrUrl: string): Promise<Buffer> {
  const doc = createDoc({
    title: `नमुना १० — पावती ${taxYearLabel(p.receiptYear)}/${p.receiptNo}`,
    author: `${office.officeName} / ${office.officeNameEnglish}`,
  });
  drawFrame(doc);
  const area = contentOf(doc);
  let y = drawHeader(doc, office, { top: 34 });
  y = drawTitle(
    doc,
    {
      mr: 'नमुना नं. १० — कर वसुली पावती',
      en: 'Form No. 10 — Receipt for Taxes Paid',
      statute: [`${STATUTE_RULES}, नियम ३२(५)`, `${STATUTE_RULES_EN}, rule 32(5)`],
    },
    y,
  );
  const m = method(p.paidMethod);
  y =
    drawLabelTable(
      doc,
      [
        [cell('पावती पुस्तक क्रमांक', 'Book No.', String(p.bookNo)), cell('पावती क्रमांक', 'Receipt No.', `${p.receiptNo} (${p.financialYear})`)],
        [cell('मालमत्ता क्रमांक', 'Property No.', p.malmattaNo), cell('दिनांक', 'Date', formatDateEnGB(new Date(`${p.paidOn}T00:00:00Z`)))],
        [cell('रक्कम देणाऱ्याचे नाव', 'Received from', p.payerName), cell('भरणा प्रकार', 'Paid by', `${m.mr} / ${m.en}`)],
        ...(p.note ? [[cell('टीप', 'Note', p.note)]] : []),
      ],
      y,
      y + 220,
      area,
    ) + 10;

  const rows = TAX_HEADS.map((h) => {
    const line = p.lines.find((l) => l.category === h.key);
    return [
      `${h.mr} / ${h.en}`,
      formatRupees(line?.fromArrears ?? '0'),
      formatRupees(line?.fromCurrent ?? '0'),
      formatRupees(line?.amountPaid ?? '0'),
    ];
  });
  const sum = (k: 'fromArrears' | 'fromCurrent') => formatPaise(p.lines.reduce((s, l) => s + toPaise(l[k]), 0n));
  y =
    drawGrid(doc, {
      top: y,
      size: 9.5,
      columns: headColumns,
      rows,
      totals: ['एकूण भरलेली रक्कम / Total paid', sum('fromArrears'), sum('fromCurrent'), formatRupees(p.amountTotal)],
    }) + 8;
  y = drawWords(doc, toPaise(p.amountTotal), y) + 6;

  drawFoot(
    doc,
    office,
    {
      qrUrl,
      issued: formatDateEnGB(new Date(`${p.paidOn}T00:00:00Z`)),
      signatory: { mr: 'वसूल करणाऱ्याची स्वाक्षरी', en: 'Collector' },
      notes: [{ mr: 'पावतीची सत्यता तपासण्यासाठी QR कोड स्कॅन करा.', en: 'Scan the QR code to check this receipt.' }],
    },
    Math.min(y, footTop(doc, 1) - 4),
  );
  return toBuffer(doc);
}

export interface DemandBill {
  kar: KarDetail;
  payments: Payment[];
  /** The tax year the bill is for: 2026 for 2026-27. */
  taxYear: number;
}

export async function renderDemandBill(d: DemandBill, office: Office, qrUrl: string, issuedOn: Date = todayInIndia()): Promise<Buffer> {
  const { kar } = d;
  const doc = createDoc({
    title: `नमुना ९-क — कर मागणी बिल — ${kar.malmattaNo}`,
    author: `${office.officeName} / ${office.officeNameEnglish}`,
  });
  drawFrame(doc);
  const area = contentOf(doc);
  let y = drawHeader(doc, office, { top: 34 });
  y = drawTitle(
    doc,
    {
      mr: 'नमुना नं. ९-क — कर मागणी बिल',
      en: 'Form No. 9-C — Tax Demand Bill',
      statute: [STATUTE_RULES, STATUTE_RULES_EN],
    },
    y,
  );
  y =
    drawLabelTable(
      doc,
      [
        [cell('मालमत्ता क्रमांक', 'Property No.', kar.malmattaNo), cell('कर वर्ष', 'Tax year', taxYearLabel(d.taxYear))],
        [cell('मालकाचे नाव', 'Owner', kar.malkacheNav), cell('दिनांक', 'Date', formatDateEnGB(issuedOn))],
      ],
      y,
      y + 160,
      area,
    ) + 10;

  // A Decimal from Prisma, or its decimal string when the bill is made in a PDF worker.
  const amount = (name: string) => {
    const v = kar[name as keyof KarDetail] as unknown as string | { toFixed(n: number): string };
    return toPaise(typeof v === 'string' ? v : v.toFixed(2));
  };
  let arrears = 0n,
    current = 0n;
  const rows = TAX_HEADS.map((h) => {
    const a = amount(`magil${h.col}`),
      c = amount(`chalu${h.col}`);
    arrears += a;
    current += c;
    return [`${h.mr} / ${h.en}`, formatPaise(a), formatPaise(c), formatPaise(a + c)];
  });
  y =
    drawGrid(doc, {
      top: y,
      size: 9.5,
      columns: headColumns,
      rows,
      totals: ['एकूण मागणी / Total due', formatPaise(arrears), formatPaise(current), formatPaise(arrears + current)],
    }) + 8;
  y = drawWords(doc, arrears + current, y) + 12;

  if (d.payments.length) {
    y += text(doc, 'मागील भरणा / Last payments', { x: area.left, y, size: 10, bold: true, color: ACCENT }) + 3;
    y =
      drawGrid(doc, {
        top: y,
        size: 8.5,
        columns: [
          { header: ['पावती क्रमांक', 'Receipt No.'], width: 10 },
          { header: ['दिनांक', 'Date'], width: 9 },
          { header: ['भरणा प्रकार', 'Paid by'], width: 10 },
          { header: ['रक्कम', 'Amount'], width: 10, align: 'right' },
        ],
        rows: d.payments.map((p) => [
          `${p.receiptNo} (${p.financialYear})`,
          formatDateEnGB(new Date(`${p.paidOn}T00:00:00Z`)),
          `${method(p.paidMethod).mr} / ${method(p.paidMethod).en}`,
          formatRupees(p.amountTotal),
        ]),
      }) + 6;
  }

  drawFoot(
    doc,
    office,
    {
      qrUrl,
      issued: formatDateEnGB(issuedOn),
      signatory: GRAM_SEVAK,
      notes: [{ mr: 'कर ग्रामपंचायत कार्यालयात भरून पावती घ्यावी.', en: 'Please pay at the panchayat office and take a receipt.' }],
    },
    Math.min(y, footTop(doc, 1) - 4),
  );
  return toBuffer(doc);
}
