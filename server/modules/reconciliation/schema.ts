// Contract of /api/Reconciliation (issue 30): a bank statement read against the books (dry run)
// or taken into receipts, a credit assigned by hand, and the credits still waiting for a clerk.
import { Type } from 'typebox';
import { Envelope, errors } from '../../lib/schema.ts';

const Money = Type.String({ pattern: '^-?\\d+\\.\\d{2}$', description: 'Rupees as a decimal string with 2 places' });
const Reference = Type.String({ minLength: 1, maxLength: 100, description: 'The bank’s reference of the credit (UTR / Ref No.)' });

export const Matched = Type.Object({
  row: Type.Integer({ description: 'The line of the statement file' }),
  billNo: Type.String({ description: 'The 9-क bill the narration named (GP2026B17); empty when matched by property number' }),
  malmattaNo: Type.String(),
  amount: Money,
  bankReference: Type.String(),
  action: Type.Union([Type.Literal('pay'), Type.Literal('already'), Type.Literal('advance')], {
    description:
      'pay: a receipt for the amount (all of it, or part of the dues); advance: more than the dues, the rest held as advance; already: this bank reference was taken before',
  }),
});
export const Unmatched = Type.Object({
  row: Type.Integer(),
  date: Type.String({ description: 'YYYY-MM-DD, the day of the credit' }),
  narration: Type.String(),
  amount: Money,
  bankReference: Type.String(),
});
export const StatementResult = Type.Object({
  matched: Type.Array(Matched),
  unmatched: Type.Array(Unmatched),
  totals: Type.Object({
    credits: Type.Integer({ description: 'Credit rows of the statement' }),
    matched: Type.Integer({ description: 'Taken (or to be taken) as receipts' }),
    already: Type.Integer({ description: 'Taken by an earlier import or assignment' }),
    unmatched: Type.Integer(),
    amountMatched: Money,
    amountUnmatched: Money,
  }),
});

export const statementSchema = {
  operationId: 'importBankStatement',
  tags: ['Reconciliation'],
  summary:
    'Reads a bank statement (multipart field file: CSV or XLSX) and matches its credits to bills and properties; applies them as receipts when dryRun=false',
  description:
    'Columns are found from the usual Indian bank headers (Date / Txn Date / Value Date, Narration / Description / Particulars, ' +
    'Ref No. / Chq. No. / UTR, Deposit / Credit / Cr Amount) or given as `columns`, a JSON object {"date","narration","reference","credit"} ' +
    'of header names or 1-based column numbers. A credit is matched by the bill number in its narration, else by a property number in it with ' +
    'exactly the amount due; never by amount alone. Applying takes each matched credit as an online Namuna 10 receipt dated the day of the ' +
    'credit with the bank reference on it (above the dues: advance; below: the rest stays due), 100 credits per transaction; the same ' +
    'bank reference is never taken twice. Unmatched credits are kept for POST /api/Reconciliation/match.',
  querystring: Type.Object({
    dryRun: Type.Optional(
      Type.Boolean({ default: true, description: 'true (default): match and write nothing; false: take the receipts' }),
    ),
    columns: Type.Optional(
      Type.String({
        maxLength: 500,
        description: 'JSON: {"date":"Txn Date","narration":"Description","reference":"Ref No.","credit":"Credit"} or column numbers',
      }),
    ),
  }),
  consumes: ['multipart/form-data'],
  response: { 200: Envelope(StatementResult), ...errors(413) },
};

export const MatchBody = Type.Object(
  {
    bankReference: Reference,
    malmattaNo: Type.String({ minLength: 1, maxLength: 50, description: 'The property the credit pays (either digit style)' }),
  },
  { additionalProperties: false },
);
export const matchSchema = {
  operationId: 'matchBankCredit',
  tags: ['Reconciliation'],
  summary: 'Assigns an unmatched credit to a property by hand: the receipt, as an import would make it',
  body: MatchBody,
  response: {
    201: Envelope(Type.Object({ matched: Matched, receiptNo: Type.Integer(), financialYear: Type.String(), paymentId: Type.Integer() })),
    ...errors(404, 409),
  },
};

export const unmatchedSchema = {
  operationId: 'listUnmatchedCredits',
  tags: ['Reconciliation'],
  summary: 'The imported credits that named no property, oldest first, a page at a time',
  querystring: Type.Object({
    pageNumber: Type.Integer({ minimum: 1, maximum: 100_000, default: 1 }),
    pageSize: Type.Integer({ minimum: 1, maximum: 100, default: 25 }),
  }),
  response: {
    200: Envelope(
      Type.Object({
        items: Type.Array(Type.Object({ ...Unmatched.properties, statementFile: Type.String() })),
        pageNumber: Type.Integer(),
        pageSize: Type.Integer(),
        totalItems: Type.Integer(),
        totalPages: Type.Integer(),
      }),
    ),
  },
};
