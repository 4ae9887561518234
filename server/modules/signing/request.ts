// What a signed document is signed with (issue 31): the four certificates, the Namuna 8 extract and
// the Namuna 10 receipt each carry their council's signature and their record's kind, id and content
// fingerprint (a SHA-256 of what the document prints from, in one canonical JSON form); the verify
// module loads the record again the same way and compares.
import crypto from 'node:crypto';
import type { Config } from '../../config.ts';
import type { DbOrTx } from '../../db/transaction.ts';
import type { SignatureRequest } from '../../lib/pdf/sign.ts';
import type { Office } from '../../lib/pdf/blocks.ts';
import type { KindName } from '../../../common/certificates/paths.ts';
import { signingKeyOf } from './keys.ts';

export type SignedKind = KindName | 'namuna8' | 'receipt';
export const SIGNED_KINDS: readonly SignedKind[] = ['birth', 'death', 'residence', 'marriage', 'namuna8', 'receipt'];

/** Plain JSON with sorted keys: Dates as ISO text, decimals as their exact text, bytes left out. */
function canonical(value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'bigint') return value.toString();
  if (ArrayBuffer.isView(value)) return undefined;
  if (Array.isArray(value)) return value.map(canonical);
  if (typeof value === 'object') {
    if ((value as { toString(): string }).toString !== Object.prototype.toString) return String(value);
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(value).sort()) {
      const v = canonical((value as Record<string, unknown>)[k]);
      if (v !== undefined) out[k] = v;
    }
    return out;
  }
  return value;
}

/** The fingerprint of what a document prints from: SHA-256 hex of its canonical JSON. */
export const fingerprint = (data: unknown) =>
  crypto
    .createHash('sha256')
    .update(JSON.stringify(canonical(data)))
    .digest('hex');

const REASONS: Record<SignedKind, string> = {
  birth: 'जन्म प्रमाणपत्र / Birth certificate',
  death: 'मृत्यू प्रमाणपत्र / Death certificate',
  residence: 'रहिवासी दाखला / Residence certificate',
  marriage: 'विवाह नोंदणी प्रमाणपत्र / Marriage certificate',
  namuna8: 'नमुना ८ उतारा / Namuna 8 extract',
  receipt: 'नमुना १० पावती / Namuna 10 receipt',
};

/** What a document of this record is signed with: the council's key, now, the record's fingerprint. */
export async function signatureFor(
  db: DbOrTx,
  config: Pick<Config, 'signingKeySecret'>,
  council: number,
  office: Office,
  record: { kind: SignedKind; id: string; registrationNumber: string; data: unknown },
): Promise<SignatureRequest> {
  const { key } = await signingKeyOf(db, config.signingKeySecret, council, office.officeNameEnglish || office.officeName);
  return {
    key,
    at: new Date(),
    reason: `${REASONS[record.kind]} ${record.registrationNumber}`.trim(),
    location: office.officeNameEnglish || undefined,
    record: { kind: record.kind, id: record.id, council, fingerprint: fingerprint(record.data) },
  };
}
