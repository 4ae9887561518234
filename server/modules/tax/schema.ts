// Contract of the tax demand (Namuna 9), payments (Namuna 10 receipts), the tax list, the yearly
// rollover and the depreciation update: spec 3, 5 and 7. Field names on the wire are the spec's
// (karid, paid_gharpatti, magilGharpatti …); amounts are decimal strings with 2 places.
import { Type, type Static } from 'typebox';
import { PAYMENT_METHOD_KEYS, TAX_HEADS, TAX_HEAD_KEYS, type TaxHeadKey } from '../../../common/property/tax.ts';
import { Envelope, IntId, XLSX, errors, fileResponse, ok } from '../../lib/schema.ts';

const Money = Type.String({ pattern: '^-?\\d+\\.\\d{2}$', description: 'Rupees as a decimal string with 2 places' });
/** An amount as the form sends it: a decimal string (preferred) or a JSON number; empty or null is 0. */
const AmountIn = (description: string) =>
  Type.Optional(Type.Union([Type.String({ maxLength: 20 }), Type.Number(), Type.Null()], { description }));
const CouncilId = (what: string) =>
  Type.Optional(Type.Integer({ minimum: 0, maximum: 2147483647, description: `${what}: another council’s id answers 404` }));

const perHead = <T>(make: (h: (typeof TAX_HEADS)[number]) => [string, T][]) =>
  Object.fromEntries(TAX_HEADS.flatMap(make)) as Record<string, T>;

/** The kar (tax dues) record of a property (spec 3). */
export const KarRow = Type.Object({
  karId: Type.Integer(),
  karid: Type.Integer({ description: 'The same as karId (the earlier client reads this spelling)' }),
  propertyId: Type.Integer(),
  malmattaNo: Type.String(),
  malkacheNav: Type.String(),
  ...perHead((h) => [
    [`magil${h.col}`, Money],
    [`chalu${h.col}`, Money],
  ]),
  ...perHead((h) => [[`total${h.col}`, Money]]),
  total: Money,
  rowTotal: Type.String({ description: 'The same as total' }),
  advance: Type.Optional(
    Type.String({
      pattern: '^-?\\d+\\.\\d{2}$',
      description: 'Money held for the property above what it owes (आगाऊ जमा), set against the next demand; not in total',
    }),
  ),
  karupdatedYear: Type.Integer({ description: 'The tax (financial) year of the current demand: 2026 for 2026-27' }),
});
export type KarRow = Static<typeof KarRow>;

export const OwnerQuery = Type.Object({ ownerId: IntId });

export const detailsByOwnerSchema = {
  operationId: 'getKarDetailsByOwner',
  tags: ['Tax'],
  summary: 'The kar record of the owner’s property as a one-item list (empty when it has none)',
  querystring: OwnerQuery,
  response: { 200: Envelope(Type.Array(KarRow)) },
};

export const AddKarBody = Type.Object(
  {
    malmattaNo: Type.String({ minLength: 1, maxLength: 50, description: 'The property, as in the register (either digit style)' }),
    malkacheNav: Type.Optional(Type.String({ maxLength: 300, description: 'Ignored: the owner is the register’s active owner' })),
    ...perHead((h) => [[`magil${h.col}`, AmountIn(`Arrears of ${h.en.toLowerCase()} brought from the old register`)]]),
    ...perHead((h) => [[`chalu${h.col}`, AmountIn('Ignored: the current demand is the property’s assessment (Namuna 8)')]]),
    createdByUserId: Type.Optional(Type.Unknown({ description: 'Ignored: the council of the token' })),
  },
  { additionalProperties: true },
);
export type AddKarBody = Static<typeof AddKarBody>;

export const addKarSchema = {
  operationId: 'addKarDetails',
  tags: ['Tax'],
  summary: 'Starts the kar record of a registered property: arrears as entered (once), the current demand from its assessment',
  body: AddKarBody,
  response: { 201: Envelope(KarRow), ...errors(404, 409) },
};

export const PaymentBody = Type.Object(
  {
    karid: Type.Union([IntId, Type.String({ maxLength: 12 })], { description: 'The kar record paid (karId)' }),
    ...perHead((h) => [[`paid_${h.key}`, AmountIn(`${h.en} paid: at most what is due; arrears are taken first`)]]),
    paid_method: Type.Optional(
      Type.Union([Type.String({ maxLength: 20 }), Type.Null()], { description: `${PAYMENT_METHOD_KEYS.join(', ')} (default cash)` }),
    ),
    note: Type.Optional(Type.Union([Type.String({ maxLength: 500 }), Type.Null()])),
    paid_on: Type.Optional(
      Type.Union([Type.String({ maxLength: 40 }), Type.Null()], { description: 'Date of payment, YYYY-MM-DD; not in the future' }),
    ),
    cheque_no: Type.Optional(
      Type.Union([Type.String({ maxLength: 30 }), Type.Null()], {
        description: 'The cheque or demand draft number, printed on the receipt; required for cheque and dd',
      }),
    ),
    bank_name: Type.Optional(
      Type.Union([Type.String({ maxLength: 100 }), Type.Null()], { description: 'The bank of the cheque or draft' }),
    ),
    allocation: Type.Optional(
      Type.Union([Type.Literal('arrears-first'), Type.Literal('current-first'), Type.Literal(''), Type.Null()], {
        description: 'How each head is spread over its years: the oldest arrears first (default), or this year’s demand first',
      }),
    ),
    createdByUserId: Type.Optional(Type.Unknown({ description: 'Ignored: the council of the token' })),
  },
  {
    additionalProperties: true,
    examples: [{ karid: 57, paid_gharpatti: '300.00', paid_method: 'cash', note: 'रोख, कार्यालयात', paid_on: '2026-11-20' }],
  },
);
export type PaymentBody = Static<typeof PaymentBody>;

export const PaymentLine = Type.Object({
  category: Type.String({ description: 'gharpatti, divabatti, arogyakar, panipatti' }),
  fromArrears: Money,
  fromCurrent: Money,
  amountPaid: Money,
});
export const Payment = Type.Object({
  paymentId: Type.Integer(),
  receiptId: Type.String({ description: 'Public id of the receipt (its QR link /receiptqr/{receiptId})' }),
  receiptNo: Type.Integer({ description: 'Per council and financial year, 1, 2, 3… without gaps' }),
  receiptYear: Type.Integer({ description: 'First year of the financial year: 2026 for 2026-27' }),
  financialYear: Type.String({ description: '2026-27' }),
  bookNo: Type.Integer({ description: 'Receipt book: 100 receipts a book' }),
  karId: Type.Integer(),
  malmattaNo: Type.String(),
  payerName: Type.String(),
  paidOn: Type.String({ description: 'YYYY-MM-DD' }),
  paidMethod: Type.String(),
  note: Type.String(),
  amountTotal: Money,
  lines: Type.Array(PaymentLine),
  chequeNo: Type.String({ description: 'Cheque or draft number; empty for cash and online' }),
  bankName: Type.String(),
  bankReference: Type.String({ description: 'The bank’s reference (UTR) of a payment taken from the bank statement; empty otherwise' }),
  allocation: Type.Union([Type.Literal('arrears-first'), Type.Literal('current-first')]),
  cancelledAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
    description: 'When the receipt was cancelled (a bounced cheque); its number stays used. null: it counts',
  }),
  cancelReason: Type.String(),
  createdAt: Type.String(),
});
export type Payment = Static<typeof Payment>;

export const applyPaymentSchema = {
  operationId: 'applyPayment',
  tags: ['Tax'],
  summary:
    'Takes a payment: per head at most what is due, arrears first; a Namuna 10 receipt number of the financial year. ' +
    'Send an Idempotency-Key header: a repeat with the same key answers the first payment and takes nothing more.',
  headers: Type.Object({
    'idempotency-key': Type.Optional(
      Type.String({ minLength: 1, maxLength: 100, description: 'A fresh value per payment the clerk means (a UUID)' }),
    ),
  }),
  body: PaymentBody,
  response: {
    200: Envelope(
      Type.Object({
        payment: Payment,
        kar: KarRow,
        repeated: Type.Boolean({ description: 'true: the answer to an earlier request with this Idempotency-Key' }),
      }),
    ),
    201: Envelope(Type.Object({ payment: Payment, kar: KarRow, repeated: Type.Boolean() }), {
      examples: [
        ok(
          {
            payment: {
              paymentId: 212,
              receiptId: '5d035a5b-c845-4892-ba50-3ed8bac51542',
              receiptNo: 1,
              receiptYear: 2026,
              financialYear: '2026-27',
              bookNo: 1,
              karId: 57,
              malmattaNo: '१२/अ',
              payerName: 'रमेश गणपत पाटील',
              paidOn: '2026-11-20',
              paidMethod: 'cash',
              note: 'रोख, कार्यालयात',
              amountTotal: '300.00',
              lines: [{ category: 'gharpatti', fromArrears: '250.00', fromCurrent: '50.00', amountPaid: '300.00' }],
              chequeNo: '',
              bankName: '',
              bankReference: '',
              allocation: 'arrears-first',
              cancelledAt: null,
              cancelReason: '',
              createdAt: '2026-11-20T06:45:00.000Z',
            },
            kar: {
              karId: 57,
              karid: 57,
              propertyId: 128,
              malmattaNo: '१२/अ',
              malkacheNav: 'रमेश गणपत पाटील',
              magilGharpatti: '0.00',
              chaluGharpatti: '886.00',
              magilDivabatti: '0.00',
              chaluDivabatti: '20.00',
              magilArogyakar: '0.00',
              chaluArogyakar: '20.00',
              magilPanipatti: '0.00',
              chaluPanipatti: '300.00',
              totalGharpatti: '886.00',
              totalDivabatti: '20.00',
              totalArogyakar: '20.00',
              totalPanipatti: '300.00',
              total: '1226.00',
              rowTotal: '1226.00',
              advance: '0.00',
              karupdatedYear: 2026,
            },
            repeated: false,
          },
          'पेमेंट यशस्वीरीत्या पूर्ण झाले!',
        ),
      ],
    }),
    // 404: no kar record (karid); 409: the Idempotency-Key was used for another payment, or more than is due.
    ...errors(404, 409),
  },
};

export const HistoryRow = Type.Object({
  paymentId: Type.Integer(),
  receiptId: Type.String(),
  receiptNo: Type.Integer(),
  financialYear: Type.String(),
  paidOn: Type.String(),
  category: Type.String(),
  amountPaid: Money,
  fromArrears: Money,
  fromCurrent: Money,
  paidMethod: Type.String(),
  note: Type.String(),
  chequeNo: Type.String(),
  cancelled: Type.Boolean({ description: 'The receipt was cancelled (a bounced cheque): its amounts no longer count' }),
  cancelReason: Type.String({ description: 'Why the receipt was cancelled, as the clerk wrote it; empty while it counts' }),
});
export type HistoryRow = Static<typeof HistoryRow>;
export const historySchema = {
  operationId: 'getPaymentHistory',
  tags: ['Tax'],
  summary: 'Payments on the owner’s property, newest first, one row per head paid',
  querystring: OwnerQuery,
  response: { 200: Envelope(Type.Array(HistoryRow)) },
};

export const receiptPdfSchema = {
  operationId: 'getReceiptPdf',
  tags: ['Tax'],
  summary: 'The Namuna 10 receipt of a payment (PDF)',
  params: Type.Object({ paymentId: IntId }),
  produces: ['application/pdf'],
  response: { 200: fileResponse('application/pdf', 'Receipt_{financialYear}_{receiptNo}.pdf'), ...errors(404) },
};
export const maganiPdfSchema = {
  operationId: 'getMaganiPdf',
  tags: ['Tax'],
  summary: 'The Namuna 9 demand bill of the owner’s property (PDF): per head arrears, current and total, the last payments',
  produces: ['application/pdf'],
  querystring: Type.Object({ ownerId: IntId, createdByUserId: CouncilId('The council the earlier client sends') }),
  response: { 200: fileResponse('application/pdf', 'Kar_Magani_{malmattaNo}.pdf'), ...errors(404) },
};

export const PublicReceipt = Type.Object({
  receiptNo: Type.Integer(),
  financialYear: Type.String(),
  paidOn: Type.String(),
  amountTotal: Money,
  malmattaNo: Type.String(),
  cancelled: Type.Boolean({ description: 'The receipt was cancelled (रद्द): it is not proof of payment' }),
});
export type PublicReceipt = Static<typeof PublicReceipt>;
export const publicReceiptSchema = {
  operationId: 'getPublicReceipt',
  tags: ['Public'],
  summary: 'The receipt check a receipt’s QR code opens: only its number, date, amount and property number',
  params: Type.Object({ receiptId: Type.String({ format: 'uuid', maxLength: 36 }) }),
  response: {
    200: Envelope(PublicReceipt, {
      examples: [
        ok({ receiptNo: 1, financialYear: '2026-27', paidOn: '2026-11-20', amountTotal: '300.00', malmattaNo: '१२/अ', cancelled: false }),
      ],
    }),
    ...errors(404),
  },
};

// ---------------------------------------------------------------- the tax list (spec 2.8)

export const ListQuery = Type.Object({
  userId: CouncilId('The council the earlier client sends'),
  pageNumber: Type.Integer({ minimum: 1, maximum: 100000, default: 1 }),
  pageSize: Type.Integer({ minimum: 1, maximum: 100, default: 10, description: 'The screen offers 10, 25, 50 and 100' }),
  sortField: Type.Optional(
    Type.Union([Type.Literal('total'), Type.Literal('')], { description: 'Only the grand total sorts; empty: register order' }),
  ),
  sortOrder: Type.Optional(
    Type.Union([Type.Literal('ASC'), Type.Literal('DESC'), Type.Literal('asc'), Type.Literal('desc'), Type.Literal('')]),
  ),
});
export type ListQuery = Static<typeof ListQuery>;

export const ListTotals = Type.Object({
  ...perHead((h) => [
    [`magil${h.col}`, Money],
    [`chalu${h.col}`, Money],
  ]),
  ...perHead((h) => [[`total${h.col}`, Money]]),
  total: Money,
});
const listSchema = {
  tags: ['Tax'],
  summary: 'The council’s kar records, paged, sorted by grand total (ASC/DESC) or in register order, with the totals of every column',
  querystring: ListQuery,
  response: {
    200: Envelope(
      Type.Object({
        items: Type.Array(KarRow),
        pageNumber: Type.Integer(),
        pageSize: Type.Integer(),
        totalPages: Type.Integer(),
        totalItems: Type.Integer(),
        totals: Type.Union([ListTotals, Type.Null()], {
          description: 'Sums of every money column over the whole list, on page 1 (null on later pages: they do not change with the page)',
        }),
        taxYear: Type.Integer({ description: 'The tax (financial) year today falls in' }),
        rolledOver: Type.Boolean({ description: 'true when this year’s rollover (recalc-by-user) has run: the update button is disabled' }),
      }),
    ),
    // Another council's userId answers 404.
    ...errors(404),
  },
};
/** The spec's client tries the sorted path, then the plain one: both answer alike. */
export const listSchemas = {
  sorted: { ...listSchema, operationId: 'getKarDetailsSorted' },
  plain: { ...listSchema, operationId: 'getKarDetails' },
};
export const excelSchema = {
  operationId: 'getKarDetailsExcel',
  tags: ['Tax'],
  summary: 'The whole tax list in the chosen sort as an .xlsx (streamed), kar-details-{yyyy-mm-dd}.xlsx',
  produces: [XLSX],
  querystring: Type.Object({
    userId: ListQuery.properties.userId,
    sortField: ListQuery.properties.sortField,
    sortOrder: ListQuery.properties.sortOrder,
  }),
  response: { 200: fileResponse(XLSX, 'kar-details-{yyyy-mm-dd}.xlsx'), ...errors(404) },
};

// ---------------------------------------------------------------- yearly jobs

const RolloverYear = Type.Object({
  taxYear: Type.Integer(),
  financialYear: Type.String(),
  properties: Type.Integer({ description: 'Kar records that get this year’s demand' }),
  demand: Money,
});
export const recalcSchema = {
  operationId: 'recalcTaxByUser',
  tags: ['Tax'],
  summary:
    'The yearly rollover: raises the demand of every tax year the kar records are behind (each from the assessment in force on 1 April of that year, oldest first); unpaid demand becomes arrears',
  description:
    'With dryRun=true nothing is written: the answer says how many properties and what demand it would raise, per year, for the screen’s confirmation. ' +
    'With nothing to raise it answers 409 and records nothing. The spec ran it once per calendar year; here a year is April–March.',
  params: Type.Object({
    userId: Type.Integer({ minimum: 0, maximum: 2147483647, description: 'The council; another council’s id answers 404' }),
  }),
  querystring: Type.Object({
    dryRun: Type.Optional(Type.Boolean({ default: false, description: 'Only say what would be raised' })),
  }),
  response: {
    200: Envelope(
      Type.Object({
        taxYear: Type.Integer(),
        financialYear: Type.String(),
        updated: Type.Integer({ description: 'Kar records moved on to this tax year' }),
        years: Type.Array(RolloverYear, { description: 'The years raised (more than one when years were missed), oldest first' }),
        demand: Money,
        dryRun: Type.Boolean(),
      }),
    ),
    // 404: another council's id; 409: nothing to raise (every kar record carries this year's demand).
    ...errors(404, 409),
  },
};

export const DueRow = Type.Object({
  PropertyId: Type.Integer(),
  MalmattaNo: Type.String(),
  GhasaraRate: Money,
  MilkatYear: Type.Integer(),
  GhasaraDarUpdatedYear: Type.Integer(),
});
export type DueRow = Static<typeof DueRow>;
export const dueSchema = {
  operationId: 'getPropertiesDue',
  tags: ['Depreciation'],
  summary: 'Properties whose depreciation (ghasara) factor has not been updated this calendar year',
  body: Type.Object(
    {
      createdByUserId: Type.Optional(
        Type.Unknown({ description: 'The council the earlier client sends: another council’s id answers 404' }),
      ),
    },
    { additionalProperties: true },
  ),
  response: { 200: Envelope(Type.Array(DueRow)), ...errors(404) },
};

export const GhasaraChange = Type.Object({
  PropertyId: Type.Integer(),
  MalmattaNo: Type.String(),
  MilkatYear: Type.Integer(),
  oldGhasaraRate: Money,
  newGhasaraRate: Money,
  oldGharpatti: Money,
  newGharpatti: Money,
  oldTotal: Money,
  newTotal: Money,
});
export const GhasaraResult = Type.Object({
  year: Type.Integer(),
  effectiveTaxYear: Type.Integer({ description: 'The tax year the new assessments are in force from: the next one' }),
  financialYear: Type.String(),
  updated: Type.Integer(),
  changed: Type.Integer({ description: 'How many got another factor (the rest stayed in their age band)' }),
  summary: Type.Array(GhasaraChange, { description: 'The first 10 properties' }),
});
export type GhasaraResult = Static<typeof GhasaraResult>;
export const decreaseAllSchema = {
  operationId: 'decreaseGhasaraAll',
  tags: ['Depreciation'],
  summary:
    'Moves every due property’s depreciation factor to the one for its age and recomputes its tax and current demand, in one call; once per calendar year',
  response: { 200: Envelope(GhasaraResult), ...errors(409) },
};
export const decreaseOneSchema = {
  operationId: 'decreaseGhasara',
  tags: ['Depreciation'],
  summary: 'The depreciation update of one property (the earlier client calls it once per property)',
  params: Type.Object({ id: IntId }),
  response: { 200: Envelope(GhasaraResult), ...errors(404, 409) },
};
export const ghasaraStatusSchema = {
  operationId: 'getGhasaraStatus',
  tags: ['Depreciation'],
  summary: 'The depreciation screen’s status: the year, how many are due, and whether this year’s update has run',
  response: {
    200: Envelope(
      Type.Object({
        year: Type.Integer(),
        due: Type.Integer(),
        doneThisYear: Type.Boolean(),
        ranAt: Type.Union([Type.String(), Type.Null()]),
      }),
    ),
  },
};

export const CollectionSummary = Type.Object({
  taxYear: Type.Integer(),
  financialYear: Type.String(),
  heads: Type.Array(Type.Object({ category: Type.String(), demand: Money, collected: Money, outstanding: Money })),
  months: Type.Array(Type.Object({ month: Type.String({ description: 'YYYY-MM, April to March' }), amount: Money })),
});
export type CollectionSummary = Static<typeof CollectionSummary>;
export const collectionSchema = {
  operationId: 'getCollectionSummary',
  tags: ['Tax'],
  summary: 'This tax year’s demand and collection per head and the collections of each month (the dashboard’s chart)',
  response: { 200: Envelope(CollectionSummary) },
};

// ---------------------------------------------------------------- the books (issue 26)

const HeadKey = Type.Unsafe<TaxHeadKey>(
  Type.String({ enum: [...TAX_HEAD_KEYS], description: TAX_HEADS.map((h) => `${h.key} (${h.mr})`).join(', ') }),
);
const TaxYear = (description: string) => Type.Integer({ minimum: 2000, maximum: 2200, description });

export const AdjustmentBody = Type.Object({
  ownerId: IntId,
  head: HeadKey,
  taxYear: TaxYear('The tax year the amount belongs to (2026 for 2026-27); one whose demand was raised'),
  amount: Type.Union([Type.String({ maxLength: 20 }), Type.Number()], {
    description: 'Rupees: a remission takes off at most what is owed; a correction may be negative (lowers the demand) or positive',
  }),
  kind: Type.Union([Type.Literal('remission'), Type.Literal('correction')]),
  reason: Type.String({ minLength: 1, maxLength: 300 }),
  orderReference: Type.String({
    minLength: 1,
    maxLength: 100,
    description: 'The resolution (ठराव) or order number: a remission needs the gram sabha’s or panchayat’s resolution',
  }),
});
export type AdjustmentBody = Static<typeof AdjustmentBody>;
export const adjustmentSchema = {
  operationId: 'adjustTax',
  tags: ['Tax'],
  summary: 'A remission (waiver by resolution) or a correction of one head and tax year of a property’s demand, as an entry',
  description:
    'Nothing is edited: the entry carries the reason, the order or resolution number and who made it. A correction that lowers a year below ' +
    'what was paid of it moves the difference to the property’s advance (आगाऊ जमा).',
  body: AdjustmentBody,
  response: { 200: Envelope(KarRow), ...errors(404) },
};

export const reverseSchema = {
  operationId: 'reversePayment',
  tags: ['Tax'],
  summary: 'Cancels a receipt (a bounced cheque): its number stays used, marked cancelled with the reason, and what it paid is owed again',
  params: Type.Object({ paymentId: IntId }),
  body: Type.Object({ reason: Type.String({ minLength: 1, maxLength: 500, description: 'e.g. धनादेश न वटता परत आला (cheque bounced)' }) }),
  response: { 200: Envelope(Type.Object({ payment: Payment, kar: KarRow, repeated: Type.Boolean() })), ...errors(404, 409) },
};

const Signed = Type.String({
  pattern: '^-?\\d+\\.\\d{2}$',
  description: 'Rupees, signed: + raises what is owed (or the advance held), - lowers it',
});
export const LedgerEntry = Type.Object({
  entryId: Type.Integer(),
  taxYear: Type.Integer(),
  head: Type.Union([HeadKey, Type.Null()], { description: 'null: the advance held (आगाऊ जमा)' }),
  part: Type.Union([Type.Literal('arrears'), Type.Literal('current')], {
    description: 'arrears when the tax year is before the year of the entry’s date',
  }),
  kind: Type.Union([
    Type.Literal('demand'),
    Type.Literal('collection'),
    Type.Literal('remission'),
    Type.Literal('correction'),
    Type.Literal('advance'),
    Type.Literal('reversal'),
  ]),
  amount: Signed,
  date: Type.String({ description: 'YYYY-MM-DD: the day it counts in the books' }),
  receiptNo: Type.Union([Type.String(), Type.Null()], { description: 'The receipt whose money it is, as 2026-27/14' }),
  reference: Type.String({ description: 'Receipt, order or resolution number' }),
  reason: Type.String(),
  ownerName: Type.String({ description: 'The owner at the time' }),
  byUser: Type.String({ description: 'Who made it' }),
  createdAt: Type.String({ format: 'date-time' }),
});
const HeadBalance = Type.Object({ arrears: Money, current: Money, total: Money });
export const LedgerBalance = Type.Object({
  heads: Type.Object(Object.fromEntries(TAX_HEADS.map((h) => [h.key, HeadBalance])) as Record<string, typeof HeadBalance>),
  advance: Money,
  total: Money,
  taxYear: Type.Integer({ description: 'The year of the current demand (karupdatedYear)' }),
});
export const ledgerSchema = {
  operationId: 'getTaxLedger',
  tags: ['Tax'],
  summary: 'Every entry of the owner’s property in the books, oldest first, and its balance per head (arrears, current), advance and total',
  querystring: OwnerQuery,
  response: { 200: Envelope(Type.Object({ entries: Type.Array(LedgerEntry), balance: LedgerBalance })), ...errors(404) },
};

const N9Head = Type.Object({
  arrears: Money,
  current: Money,
  demand: Money,
  collectedArrears: Money,
  collectedCurrent: Money,
  remitted: Money,
  balance: Money,
});
export const Namuna9Row = Type.Object({
  serial: Type.Integer(),
  karId: Type.Integer(),
  ownerId: Type.Union([Type.Integer(), Type.Null()]),
  malmattaNo: Type.String(),
  malkacheNav: Type.String(),
  heads: Type.Object(Object.fromEntries(TAX_HEADS.map((h) => [h.key, N9Head])) as Record<string, typeof N9Head>),
  total: N9Head,
  receipts: Type.Array(Type.Object({ receiptNo: Type.String(), paidOn: Type.String(), amount: Money, cancelled: Type.Boolean() })),
  remissions: Type.Array(Type.String({ description: 'Resolution numbers of the year’s remissions' })),
  corrections: Type.Array(Type.String({ description: 'Order numbers of the year’s corrections' })),
  advance: Money,
});
export type Namuna9Row = Static<typeof Namuna9Row>;
export const Namuna9Totals = Type.Object({
  heads: Type.Object(Object.fromEntries(TAX_HEADS.map((h) => [h.key, N9Head])) as Record<string, typeof N9Head>),
  total: N9Head,
});
export const Namuna9Query = Type.Object({
  taxYear: TaxYear('The tax year of the register (2026 for 2026-27); default this one'),
  pageNumber: Type.Integer({ minimum: 1, maximum: 100000, default: 1 }),
  pageSize: Type.Integer({ minimum: 1, maximum: 100, default: 25 }),
});
export const namuna9Schema = {
  operationId: 'getNamuna9',
  tags: ['Tax'],
  summary:
    'Namuna 9, the demand register of the village for a tax year: per property and head, arrears, demand, collections, remissions, balance',
  description:
    'arrears: owed at the start of the year (entries before it); current: demand and corrections booked in the year (a missed year raised late ' +
    'counts in the year it was raised); collections split by the part they paid; balance = arrears + current - collections - remissions. ' +
    'totals (the whole village, every page) agree with the DCB of the year.',
  querystring: Type.Object({ ...Namuna9Query.properties, taxYear: Type.Optional(Namuna9Query.properties.taxYear) }),
  response: {
    200: Envelope(
      Type.Object({
        taxYear: Type.Integer(),
        financialYear: Type.String(),
        items: Type.Array(Namuna9Row),
        pageNumber: Type.Integer(),
        pageSize: Type.Integer(),
        totalPages: Type.Integer(),
        totalCount: Type.Integer(),
        totals: Namuna9Totals,
      }),
    ),
  },
};
export const namuna9PdfSchema = {
  operationId: 'getNamuna9Pdf',
  tags: ['Tax'],
  summary: 'Namuna 9 of a tax year as a PDF (A4 landscape, the register’s columns, every page totalled)',
  produces: ['application/pdf'],
  querystring: Type.Object({ taxYear: Type.Optional(Namuna9Query.properties.taxYear) }),
  response: { 200: fileResponse('application/pdf', 'Namuna9_{2026-27}.pdf'), ...errors(503) },
};
export const namuna9ExcelSchema = {
  operationId: 'getNamuna9Excel',
  tags: ['Tax'],
  summary: 'Namuna 9 of a tax year as an .xlsx, streamed',
  produces: [XLSX],
  querystring: Type.Object({ taxYear: Type.Optional(Namuna9Query.properties.taxYear) }),
  response: { 200: fileResponse(XLSX, 'namuna9-{2026-27}.xlsx') },
};

const DcbHead = Type.Object({
  openingArrears: Money,
  currentDemand: Money,
  collectedArrears: Money,
  collectedCurrent: Money,
  remitted: Money,
  closing: Money,
});
export const Dcb = Type.Object({
  taxYear: Type.Integer(),
  financialYear: Type.String(),
  heads: Type.Object(Object.fromEntries(TAX_HEADS.map((h) => [h.key, DcbHead])) as Record<string, typeof DcbHead>),
  total: DcbHead,
  advance: Type.Object(
    { opening: Money, closing: Money },
    { description: 'Money held above what is owed, at the start and end of the year' },
  ),
});
export type Dcb = Static<typeof Dcb>;
export const dcbSchema = {
  operationId: 'getDcb',
  tags: ['Tax'],
  summary:
    'Demand, collection, balance of a tax year per head: closing = openingArrears + currentDemand - collectedArrears - collectedCurrent - remitted',
  querystring: Type.Object({ taxYear: Type.Optional(TaxYear('default this one')) }),
  response: { 200: Envelope(Dcb) },
};
