// The tax documents on the shared PDF layer: the Namuna 10 receipt of a payment (rule 32(5) of the
// Maharashtra Village Panchayats Taxes and Fees Rules) and the Namuna 9-क demand bill of a property.
// Both print the heads of common/property/tax.ts, amounts with Indian grouping and in words.
import { formatDateEnGB, todayInIndia } from '../../../common/dates.ts';
import { formatPaise, formatRupees, rupeesInEnglishWords, rupeesInMarathiWords, toPaise } from '../../../common/money.ts';
import { PAYMENT_METHODS, TAX_HEADS, taxYearLabel, type PaymentMethod } from '../../../common/property/tax.ts';
import {
  GRAM_SEVAK,
  ACCENT,
  artifact,
  cell,
  contentOf,
  createDoc,
  drawFoot,
  drawFrame,
  drawGrid,
  drawHeader,
  drawLabelTable,
  drawQr,
  drawTitle,
  footTop,
  numberPages,
  MUTED,
  text,
  textWidth,
  toBuffer,
  type Doc,
  type Office,
  type SignatureRequest,
} from '../../lib/pdf/index.ts';
import type { UpiBill } from './bills.ts';
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
const CANCELLED = '#b00020';

/** The amount in Marathi and English words under a table. Returns the y below. */
function drawWords(doc: Doc, paise: bigint, y: number): number {
  const { left, width } = contentOf(doc);
  y += text(doc, `अक्षरी रक्कम: ${rupeesInMarathiWords(paise)}`, { x: left, y, width, size: 10, bold: true, color: ACCENT }) + 1;
  return y + text(doc, `In words: ${rupeesInEnglishWords(paise)}`, { x: left, y, width, size: 9, color: MUTED });
}

/** The stamp of a cancelled receipt: its number stays in the book, the money does not count. */
function drawCancelled(doc: Doc, p: Payment, y: number): number {
  const { left, width } = contentOf(doc);
  const when = p.cancelledAt ? formatDateEnGB(new Date(p.cancelledAt)) : '';
  artifact(doc, () => doc.save().lineWidth(1.5).strokeColor(CANCELLED).rect(left, y, width, 40).stroke().restore());
  text(doc, `रद्द पावती — ${p.cancelReason}`, { x: left + 8, y: y + 5, width: width - 16, size: 12, bold: true, color: CANCELLED });
  text(doc, `CANCELLED on ${when}: ${p.cancelReason}. This receipt is not proof of payment.`, {
    x: left + 8,
    y: y + 23,
    width: width - 16,
    size: 9,
    color: CANCELLED,
  });
  return y + 48;
}

/** `held`: what of the receipt's money the books hold as advance now. */
export async function renderReceipt(
  p: Payment,
  office: Office,
  qrUrl: string,
  extra: { held?: string; signature?: SignatureRequest } = {},
): Promise<Buffer> {
  const doc = createDoc({
    signature: extra.signature,
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
        ...(p.chequeNo ? [[cell('धनादेश / ड्राफ्ट क्रमांक', 'Cheque / DD No.', p.chequeNo), cell('बँक', 'Bank', p.bankName || '—')]] : []),
        ...(p.bankReference ? [[cell('बँक संदर्भ क्रमांक (UTR)', 'Bank reference (UTR)', p.bankReference)]] : []),
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
  if (extra.held && toPaise(extra.held) > 0n)
    y +=
      text(
        doc,
        `या पावतीपैकी ${formatRupees(extra.held)} आगाऊ जमा म्हणून ठेवले आहेत; पुढील मागणीत वजा होतील. / ${formatRupees(extra.held)} of this receipt is held as advance and will be set against the next demand.`,
        { x: area.left, y, width: area.width, size: 9, color: MUTED },
      ) + 6;
  if (p.cancelledAt) y = drawCancelled(doc, p, y);

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

/** The 9-क bill's figures, as decimal strings (a PDF worker receives them by message). */
export interface DemandBill {
  malmattaNo: string;
  ownerName: string;
  /** The tax year the bill is for: 2026 for 2026-27. */
  taxYear: number;
  heads: { key: string; arrears: string; demand: string; collected: string; remitted: string; balance: string }[];
  advance: string;
  corrections: { head: string; amount: string; reference: string; date: string }[];
  payments: Payment[];
  /** The UPI payment of what is outstanding (issue 30); null: no UPI id, or nothing due. */
  upi?: UpiBill | null;
}

const UPI_QR = 96;

/** The UPI box: the QR code a UPI app scans, and beside it the bill number, the amount, the payee's
 *  UPI id and "UPI ने भरा / Pay by UPI" as a link (a phone opens the UPI app from it). Returns the y below. */
function drawUpi(doc: Doc, upi: UpiBill, y: number): number {
  const area = contentOf(doc);
  const pa = new URL(upi.link.replace(/^upi:/, 'https:')).searchParams.get('pa') ?? '';
  drawQr(doc, upi.link, area.left + 8, y + 8, UPI_QR);
  const x = area.left + UPI_QR + 28;
  const width = area.width - UPI_QR - 28;
  let ty = y + 8;
  const label = 'UPI ने भरा / Pay by UPI';
  const h = text(doc, label, { x, y: ty, size: 12, bold: true, color: ACCENT });
  doc.link(x, ty, textWidth(doc, label, { size: 12, bold: true }), h, upi.link);
  ty += h + 4;
  for (const line of [
    `बिल क्रमांक / Bill No.: ${upi.billNo}`,
    `रक्कम / Amount: ${formatRupees(upi.amount)}`,
    `UPI आयडी / UPI ID: ${pa}`,
    'कोणत्याही UPI ॲपने QR स्कॅन करा; पावती बँक जमा तपासल्यावर मिळेल. / Scan with any UPI app; the receipt follows once the bank credit is checked.',
  ])
    ty += text(doc, line, { x, y: ty, size: 9, width }) + 2;
  return Math.max(y + UPI_QR + 16, ty + 6);
}

const billColumns = [
  { header: ['कराचा प्रकार', 'Tax head'], width: 15 },
  { header: ['मागील थकबाकी', 'Arrears'], width: 9, align: 'right' as const },
  { header: ['चालू वर्षाची मागणी', "This year's demand"], width: 9, align: 'right' as const },
  { header: ['वसूल', 'Collected'], width: 9, align: 'right' as const },
  { header: ['सूट', 'Remitted'], width: 8, align: 'right' as const },
  { header: ['बाकी', 'Balance'], width: 9, align: 'right' as const },
];

export async function renderDemandBill(d: DemandBill, office: Office, qrUrl: string, issuedOn: Date = todayInIndia()): Promise<Buffer> {
  const doc = createDoc({
    title: `नमुना ९-क — कर मागणी बिल — ${d.malmattaNo}`,
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
        [cell('मालमत्ता क्रमांक', 'Property No.', d.malmattaNo), cell('कर वर्ष', 'Tax year', taxYearLabel(d.taxYear))],
        [cell('मालकाचे नाव', 'Owner', d.ownerName), cell('दिनांक', 'Date', formatDateEnGB(issuedOn))],
      ],
      y,
      y + 160,
      area,
    ) + 10;

  const sum = (k: 'arrears' | 'demand' | 'collected' | 'remitted' | 'balance') => d.heads.reduce((t, h) => t + toPaise(h[k]), 0n);
  const rows = TAX_HEADS.map((h) => {
    const line = d.heads.find((x) => x.key === h.key)!;
    return [
      `${h.mr} / ${h.en}`,
      formatRupees(line.arrears),
      formatRupees(line.demand),
      formatRupees(line.collected),
      formatRupees(line.remitted),
      formatRupees(line.balance),
    ];
  });
  const balance = sum('balance');
  y =
    drawGrid(doc, {
      top: y,
      size: 9,
      columns: billColumns,
      rows,
      totals: [
        'एकूण / Total',
        formatPaise(sum('arrears')),
        formatPaise(sum('demand')),
        formatPaise(sum('collected')),
        formatPaise(sum('remitted')),
        formatPaise(balance),
      ],
    }) + 8;
  if (toPaise(d.advance) > 0n)
    y +=
      text(doc, `आगाऊ जमा / Advance held: ${formatRupees(d.advance)} — पुढील मागणीत वजा होईल / set against the next demand`, {
        x: area.left,
        y,
        width: area.width,
        size: 10,
        bold: true,
        color: ACCENT,
      }) + 6;
  y += text(doc, 'देय रक्कम / Amount due', { x: area.left, y, size: 10, bold: true }) + 2;
  y = drawWords(doc, balance, y) + 10;
  if (d.upi) y = drawUpi(doc, d.upi, y);
  if (d.corrections.length) {
    y +=
      text(doc, 'या वर्षाच्या मागणीतील दुरुस्त्या / Corrections of this year’s demand', {
        x: area.left,
        y,
        size: 10,
        bold: true,
        color: ACCENT,
      }) + 3;
    for (const c of d.corrections) {
      const h = TAX_HEADS.find((x) => x.key === c.head);
      y +=
        text(
          doc,
          `${h ? `${h.mr} / ${h.en}` : c.head}: ${toPaise(c.amount) > 0n ? '+' : ''}${formatRupees(c.amount)} — आदेश / Order ${c.reference}, ${formatDateEnGB(new Date(`${c.date}T00:00:00Z`))}`,
          { x: area.left, y, width: area.width, size: 9 },
        ) + 2;
    }
    y += 8;
  }

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
          `${p.receiptNo} (${p.financialYear})${p.cancelledAt ? ' — रद्द / cancelled' : ''}`,
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

// ---------------------------------------------------------------- Namuna 9, the demand register

/** One property of the register as the PDF prints it (decimal strings). */
export interface Namuna9PdfRow {
  serial: number;
  malmattaNo: string;
  owner: string;
  heads: { key: string; cells: string[] }[];
  receipts: string;
  remarks: string;
}
export interface Namuna9Pdf {
  taxYear: number;
  rows: Namuna9PdfRow[];
  /** The village's totals per column (arrears … balance), as the DCB has them. */
  totals: string[];
}

const N9_AMOUNT_COLUMNS = [
  { header: ['मागील', 'Arrears'], width: 7 },
  { header: ['चालू', 'Current'], width: 7 },
  { header: ['एकूण मागणी', 'Total demand'], width: 7.5 },
  { header: ['वसूल मागील', 'Collected arrears'], width: 7.5 },
  { header: ['वसूल चालू', 'Collected current'], width: 7.5 },
  { header: ['सूट', 'Remitted'], width: 6.5 },
  { header: ['बाकी', 'Balance'], width: 7.5 },
].map((c) => ({ ...c, align: 'right' as const }));

/** The register of a tax year on A4 landscape: a line per property and head (the property's number
 *  on each, its owner, receipts and remarks on the first), every page closed by its own totals and
 *  the last by the village's. */
export async function renderNamuna9Register(d: Namuna9Pdf, office: Office, issuedOn: Date = todayInIndia()): Promise<Buffer> {
  const doc = createDoc({
    title: `नमुना ९ — मागणी नोंदवही ${taxYearLabel(d.taxYear)}`,
    author: `${office.officeName} / ${office.officeNameEnglish}`,
    landscape: true,
    bufferPages: true,
  });
  drawFrame(doc);
  let y = drawHeader(doc, office, { top: 30 });
  y = drawTitle(
    doc,
    {
      mr: `नमुना नं. ९ — कर मागणी नोंदवही, कर वर्ष ${taxYearLabel(d.taxYear)}`,
      en: `Form No. 9 — Tax Demand Register, tax year ${taxYearLabel(d.taxYear)}`,
      statute: [STATUTE_RULES, STATUTE_RULES_EN],
    },
    y,
  );
  const lines: string[][] = [];
  const amounts: bigint[][] = [];
  for (const r of d.rows)
    r.heads.forEach((h, i) => {
      const head = TAX_HEADS.find((x) => x.key === h.key);
      lines.push([
        i === 0 ? String(r.serial) : '',
        r.malmattaNo,
        i === 0 ? r.owner : '',
        head ? head.mr : h.key,
        ...h.cells.map(formatRupees),
        i === 0 ? r.receipts : '',
        i === 0 ? r.remarks : '',
      ]);
      amounts.push(h.cells.map((c) => toPaise(c)));
    });
  const sumOf = (rows: number[]) => N9_AMOUNT_COLUMNS.map((_, c) => formatPaise(rows.reduce((s, i) => s + amounts[i][c], 0n)));
  drawGrid(doc, {
    top: y + 4,
    size: 7,
    maxLines: 3,
    columns: [
      { header: ['अ.क्र.', 'Sr.'], width: 3, align: 'center' },
      { header: ['मालमत्ता क्र.', 'Property No.'], width: 6 },
      { header: ['मालकाचे नाव', 'Owner'], width: 11 },
      { header: ['कर', 'Head'], width: 6 },
      ...N9_AMOUNT_COLUMNS,
      { header: ['पावती क्र. व दिनांक', 'Receipts'], width: 11 },
      { header: ['शेरा', 'Remarks'], width: 8 },
    ],
    rows: lines,
    pageTotals: (rows) => ['', '', 'पानाची बेरीज / Page total', '', ...sumOf(rows), '', ''],
    totals: ['', '', 'गावाची एकूण बेरीज / Village total', '', ...d.totals.map(formatRupees), '', ''],
    continued: (pdf) => {
      text(pdf, `नमुना ९ — ${taxYearLabel(d.taxYear)} (पुढे चालू / continued)`, {
        x: contentOf(pdf).left,
        y: 30,
        size: 9,
        bold: true,
        color: ACCENT,
      });
      return 46;
    },
  });
  numberPages(doc, (n, of) => `नमुना ९ ${taxYearLabel(d.taxYear)} · पान ${n} / ${of} · Page ${n} of ${of} · ${formatDateEnGB(issuedOn)}`);
  return toBuffer(doc);
}
