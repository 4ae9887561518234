// The rules of the four certificate kinds, written once against the field tables of kinds.ts:
// reading and checking input, derived values (date in words, Marathi gender, spouse ages), paging,
// the public and full views, marriage photos, and the PDF download. No HTTP here.
import path from 'node:path';
import { inTransaction, type DbOrTx, type Tx } from '../../db/transaction.ts';
import { maskAadhaar, maskMobile } from '../../lib/aadhaar.ts';
import { ageAt, formatDateEnGB, isoDay, parseIsoDate, todayInIndia } from '../../../common/dates.ts';
import { Conflict, Invalid, NotFound } from '../../lib/errors.ts';
import { ownRecord } from '../../plugins/auth.ts';
import { StaleRecord } from '../../lib/versions.ts';
import { imageType, imageWork, sharp } from '../../lib/images.ts';
import { marathiDateWords } from '../../../common/marathi-words.ts';
import { randomFileStem, readUpload, removeFiles, writeNewFiles } from '../../lib/uploads.ts';
import { unprintableCharacter } from '../../lib/pdf/index.ts';
import { officeOf } from '../site/service.ts';
import { changesOf, recordAudit, type AuditAction } from '../audit/record.ts';
import { genderMarathi, MARRIAGE_PHOTOS, type Field, type Kind, type MarriagePhoto } from './kinds.ts';
import type { ListQuery } from './schema.ts';
import {
  certificateCount,
  certificateRows,
  COUNT_CAP,
  listPageIds,
  lockNumbers,
  namesPage,
  namesPageDense,
  sameNumberId,
  wordStartPage,
  type Row,
} from './sql.ts';
import { MIN_MARRIAGE_AGE } from '../../../common/certificates/kinds.ts';
import { choiceValues, fallbackOf } from '../../../common/fields/index.ts';
import { renderInWorker } from '../../pdf-jobs.ts';
import { fingerprint, signatureFor } from '../signing/request.ts';
import { currentSigner } from '../signing/keys.ts';

export type { Row };
type Value = string | number | Date | null;
type Values = Record<string, Value>;

/** The Prisma delegate of a kind, as far as this generic code uses it. */
interface Table {
  findMany(args: object): Promise<Row[]>;
  findFirst(args: object): Promise<Row | null>;
  count(args: object): Promise<number>;
  findUnique(args: object): Promise<Row | null>;
  create(args: object): Promise<Row>;
  update(args: object): Promise<Row>;
  updateMany(args: object): Promise<{ count: number }>;
  findUniqueOrThrow(args: object): Promise<Row>;
}
const table = (db: DbOrTx, kind: Kind) => db[kind.model] as unknown as Table;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

// ---------------------------------------------------------------- input

function asText(f: Field, raw: unknown): string {
  if (raw === null || raw === undefined) return '';
  if (typeof raw === 'string') return raw.trim();
  if (typeof raw === 'number' || typeof raw === 'boolean') return String(raw);
  throw new Invalid(f.name, 'must be a single value, not a list or an object');
}

const STACKED_MARKS = /\p{M}{5,}/u;

/** One value from a JSON body (already typed by the schema) or a multipart text part (a string). */
function readValue(f: Field, raw: unknown): Value {
  const s = asText(f, raw);
  const t = f.type;
  switch (t.t) {
    case 'text': {
      if (s.length > t.max) throw new Invalid(f.name, `must be at most ${t.max} characters`);
      const box = unprintableCharacter(s);
      if (box)
        throw new Invalid(
          f.name,
          `contains ${box} (U+${box.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}), which the certificate cannot print; use Marathi or English letters`,
        );
      // Marks stacked on one letter draw over the lines above and below; real words need at most 4.
      if (STACKED_MARKS.test(s)) throw new Invalid(f.name, 'has too many accents or marks on one letter (at most 4)');
      if (t.code && !/^[A-Za-z0-9]*$/.test(s))
        throw new Invalid(
          f.name,
          `${f.mr}: फक्त इंग्रजी अक्षरे व अंक (A–Z, 0–9), जास्तीत जास्त ${t.max}. / ${f.name}: only English letters and digits (A–Z, 0–9), at most ${t.max}.`,
        );
      return s;
    }
    case 'aadhaar':
    case 'mobile': {
      const digits = s.replace(/\s+/g, '');
      const n = t.t === 'aadhaar' ? 12 : 10;
      if (digits && !new RegExp(`^\\d{${n}}$`).test(digits)) throw new Invalid(f.name, `must be exactly ${n} digits`);
      return digits;
    }
    case 'int':
    case 'decimal': {
      // A required count where 0 is a real answer (a deceased infant's age): empty is not 0.
      if (s === '' && f.required && t.t === 'int' && !t.zeroIsEmpty) throw new Invalid(f.name, 'is required');
      if (s === '') return 0;
      // Plain decimal digits only: Number() would also read "0x10", "1e3" or "0b1".
      const syntax = t.t === 'int' ? /^\d+$/ : /^\d+(\.\d+)?$/;
      const n = syntax.test(s) ? Number(s) : NaN;
      const ok = Number.isFinite(n) && n >= 0 && n <= t.max && (t.t === 'decimal' || Number.isInteger(n));
      if (!ok)
        throw new Invalid(f.name, t.t === 'int' ? `must be a whole number from 0 to ${t.max}` : `must be a number from 0 to ${t.max}`);
      return t.t === 'decimal' ? Math.round(n * 100) / 100 : n;
    }
    case 'date': {
      // A browser's FormData turns a null into the text "null".
      if (s === '' || s === 'null' || s === 'undefined') return null;
      const d = parseIsoDate(s);
      if (!d) throw new Invalid(f.name, 'must be a valid date (YYYY-MM-DD)');
      return d;
    }
    case 'choice': {
      if (s === '') return '';
      const wanted = (t.aliases?.[s.toLowerCase()] ?? s).toLowerCase();
      const values = choiceValues(t);
      const match = values.find((v) => v.toLowerCase() === wanted);
      if (!match) throw new Invalid(f.name, `must be one of ${values.join(', ')}`);
      return match;
    }
  }
}

/** The fields present in a body (names matched in any case, as the earlier server did), read and typed. */
function readInput(kind: Kind, body: Record<string, unknown>): Values {
  const byLower = new Map(Object.entries(body ?? {}).map(([k, v]) => [k.toLowerCase(), v]));
  const values: Values = {};
  for (const f of kind.fields) {
    const raw = byLower.get(f.name.toLowerCase());
    if (raw !== undefined) values[f.name] = readValue(f, raw);
  }
  return values;
}

function blankValue(f: Field): Value {
  switch (f.type.t) {
    case 'text':
    case 'choice':
      return f.type.fallback ?? '';
    case 'int':
    case 'decimal':
      return 0;
    case 'date':
      return null;
    default:
      return '';
  }
}

function isEmpty(f: Field, v: Value): boolean {
  if (f.type.t === 'date') return v === null;
  if (f.type.t === 'int') return !!f.type.zeroIsEmpty && v === 0;
  if (f.type.t === 'decimal') return false;
  return v === '';
}

const SPOUSES = ['husband', 'wife'] as const;

/** Fills derived values and checks every rule on the complete record. `sent` is what this request
 *  carried: a derived value the client sent is kept, one it left out is computed. */
function complete(kind: Kind, values: Values, sent: Values, creating: boolean): Values {
  const today = todayInIndia();
  for (const f of kind.fields) {
    const fallback = fallbackOf(f);
    if (fallback && values[f.name] === '') values[f.name] = fallback;
    const v = values[f.name];
    // A create must carry every required field, except those the spec gives a default.
    if (f.required && ((creating && !(f.name in sent) && !fallback) || isEmpty(f, v))) throw new Invalid(f.name, 'is required');
    if (f.type.t === 'date' && f.type.notFuture && v instanceof Date && v > today) throw new Invalid(f.name, 'must not be in the future');
  }
  const notBefore = (later: string, earlier: string) => {
    const a = values[later],
      b = values[earlier];
    if (a instanceof Date && b instanceof Date && a < b) throw new Invalid(later, `must not be before ${earlier}`);
  };
  const sentText = (name: string) => typeof sent[name] === 'string' && sent[name] !== '';

  if (kind.kind === 'birth') {
    notBefore('registrationDate', 'birthDate');
    if (!sentText('birthDateWords')) values.birthDateWords = marathiDateWords(values.birthDate as Date);
  } else if (kind.kind === 'death') {
    notBefore('registrationDate', 'dateOfDeath');
    values.genderMarathi = genderMarathi(values.genderEnglish as string);
    if (!sentText('dateOfDeathWords')) values.dateOfDeathWords = marathiDateWords(values.dateOfDeath as Date);
  } else if (kind.kind === 'marriage') {
    notBefore('registrationDate', 'marriageDate');
    // The dates are required (checked above); the ages are always the server's, whatever was sent.
    const married = values.marriageDate as Date;
    for (const who of SPOUSES) {
      const born = values[`${who}BirthDate`] as Date;
      notBefore('marriageDate', `${who}BirthDate`);
      const age = ageAt(born, married);
      const min = MIN_MARRIAGE_AGE[who];
      if (age.years < min)
        throw new Invalid(`${who}BirthDate`, `the ${who === 'husband' ? 'groom' : 'bride'} must be at least ${min} on the marriage date`);
      values[`${who}AgeYears`] = age.years;
      values[`${who}AgeMonths`] = age.months;
    }
  }
  return values;
}

/** A stored row as input values, so an update can change some fields and keep the rest. */
function rowValues(kind: Kind, row: Row): Values {
  const values: Values = {};
  for (const f of kind.fields) {
    const v = row[f.name];
    values[f.name] = f.type.t === 'decimal' ? Number(v) : (v as Value);
  }
  return values;
}

// ---------------------------------------------------------------- output

function outValue(f: Field, v: unknown): unknown {
  if (f.type.t === 'date') return v instanceof Date ? isoDay(v) : null;
  if (f.type.t === 'decimal') return Number(v);
  return v;
}

const photoColumn = (p: MarriagePhoto) => `${p}Path`;
const photoUrlField = (p: MarriagePhoto) => `${p}Url`;

/** The full record, for the owning council: edit form and list. */
function toRecord(kind: Kind, row: Row): Row {
  const out: Row = { [kind.idField]: row[kind.idField] };
  for (const f of kind.fields) out[f.name] = outValue(f, row[f.name]);
  if (kind.kind === 'marriage') for (const p of MARRIAGE_PHOTOS) out[photoUrlField(p)] = row[photoColumn(p)] ?? null;
  out.createdByUserId = row.createdByUserId;
  out.version = row.version;
  out.createdAt = (row.createdAt as Date).toISOString();
  out.updatedAt = (row.updatedAt as Date).toISOString();
  return out;
}

/** What the public QR page may see: its fields only, Aadhaar and mobile numbers masked. */
function toPublic(kind: Kind, row: Row): Row {
  const full = toRecord(kind, row);
  const types = new Map(kind.fields.map((f) => [f.name, f.type.t]));
  const out: Row = { [kind.idField]: full[kind.idField] };
  for (const name of kind.publicFields) {
    const t = types.get(name);
    out[name] = t === 'aadhaar' ? maskAadhaar(full[name] as string) : t === 'mobile' ? maskMobile(full[name] as string) : full[name];
  }
  return out;
}

// ---------------------------------------------------------------- reads

/** A certificate by id, every column, as Prisma reads it. Every PDF and QR page reads one: in plain
 *  SQL where the database has a plain reader (server/db/open.ts, plainReaderOf, says why). */
export async function findRow(db: DbOrTx, kind: Kind, id: string): Promise<Row | null> {
  if (!UUID.test(id)) return null;
  const [row] = await certificateRows(db, kind, [id]);
  return row ?? null;
}

const notFound = (kind: Kind) => `No ${kind.label} with this id.`;

async function find(db: DbOrTx, kind: Kind, id: string): Promise<Row> {
  const row = await findRow(db, kind, id);
  if (!row) throw new NotFound(notFound(kind));
  return row;
}

/** A certificate of the council; another council's answers as one that does not exist (404). */
async function findOwned(db: DbOrTx, kind: Kind, ownerId: number, id: string): Promise<Row> {
  return ownRecord(await findRow(db, kind, id), ownerId, notFound(kind));
}

/** Between a certificate's names in its kind's Name table (the migration's trigger joins them with
 *  it): a character no name holds (the certificate fonts have no glyph for it, so input refuses it). */
const NAMES_SEPARATOR = '\u001f';

/**
 * One page of a council's certificates, newest first, in SQL that stays fast at 100,000 rows:
 * - a term of 1-2 letters matches the start of any word of a name. Its matches are read from the
 *   kind's NameStart table (one row per certificate and word start, kept by triggers), whose key
 *   (council, start, createdAt, id) gives them in list order: the count up to COUNT_CAP and the page,
 *   however deep, are both index-only scans, in one statement;
 * - a term of 3 or more letters matches anywhere in a name, through the trigram index of the kind's
 *   Name table (a certificate's names joined, with its list key: narrow rows to test, where the
 *   certificate rows are wide); its matches are counted up to COUNT_CAP (totalCapped) in the same
 *   statement that sorts them for the page, so they are read once; past COUNT_CAP they are dense, and
 *   the page comes from walking that table's key newest first;
 * - the whole list's count is exact, read from CertificateCount (kept by triggers), so the last page
 *   can be named; its page's ids come from (council, createdAt, id) alone (index-only), pages past
 *   the middle from the other end, so the last page costs what the first does.
 *   The spec's contract pages by number, so there is no cursor; this gives keyset speed for both ends.
 */
export async function listCertificates(db: DbOrTx, kind: Kind, ownerId: number, q: ListQuery) {
  const { pageNumber, pageSize } = q;
  const term = q.nameFilter?.trim().toLowerCase() ?? '';
  const skip = (pageNumber - 1) * pageSize;
  let n: number;
  let ids: string[] = [];
  let fromEnd = false;
  if (term && [...term].length <= 2) {
    // A page past the capped count is empty, as it is for longer terms.
    const r = await wordStartPage(db, kind, ownerId, term, pageSize, skip);
    n = r.n;
    ids = r.ids ?? [];
  } else if (term && !term.includes(NAMES_SEPARATOR)) {
    // Matching the joined names is matching any one of them, since the term cannot hold the separator.
    const r = await namesPage(db, kind, ownerId, term, pageSize, skip);
    n = r.n;
    if (n <= COUNT_CAP) ids = r.ids ?? [];
    else if (skip < n) ids = await namesPageDense(db, kind, ownerId, term, pageSize, skip);
  } else if (term) {
    n = 0; // a term holding the separator matches no name: no name can hold it
  } else {
    n = await certificateCount(db, kind, ownerId);
    fromEnd = skip > n / 2;
    if (skip < n) {
      const take = Math.min(pageSize, n - skip);
      ids = await listPageIds(db, kind, ownerId, take, fromEnd ? n - skip - take : skip, fromEnd);
    }
  }
  const totalCapped = term !== '' && n > COUNT_CAP;
  const totalCount = totalCapped ? COUNT_CAP : n;
  const page = { pageNumber, pageSize, totalPages: Math.ceil(totalCount / pageSize), totalCount, totalCapped };
  if (!ids.length) return { ...page, items: [] };
  const rows = await certificateRows(db, kind, ids);
  const byId = new Map(rows.map((r) => [r[kind.idField] as string, r]));
  const ordered = (fromEnd ? ids.reverse() : ids).map((id) => byId.get(id)).filter((r): r is Row => r !== undefined);
  return { ...page, items: ordered.map((r) => toRecord(kind, r)) };
}

/** The QR page's read: public view for anyone, the full record for the owning council. */
export async function readCertificate(db: DbOrTx, kind: Kind, id: string, viewerId?: number): Promise<Row> {
  const row = await find(db, kind, id);
  const office = await officeOf(db, row.createdByUserId as number);
  const own = viewerId !== undefined && viewerId === row.createdByUserId;
  return {
    ...(own ? toRecord(kind, row) : toPublic(kind, row)),
    view: own ? 'full' : 'public',
    officeName: office.officeName,
    officeNameEnglish: office.officeNameEnglish,
    // What the signed PDF of this record carries, so the page and the PDF can be compared.
    recordFingerprint: fingerprint(certificateData(kind, row)),
    signedBy: await currentSigner(db, row.createdByUserId as number),
  };
}

// ---------------------------------------------------------------- photos (marriage)

const PHOTO_LIMIT_BYTES = 600 * 1024;
// A certificate photo prints at 600×800 at most; 2000×2000 leaves room for cropping.
const PHOTO_MAX_PIXELS = 2000 * 2000;
const PHOTO_URL = /^\/uploads\/marriage\/([0-9a-f]{32})\.jpg$/;
export type Photos = Partial<Record<MarriagePhoto, Buffer>>;

/** Checks one photo by size and content, then stores it as an upright JPEG without metadata (EXIF
 *  can carry GPS), at most 600×800: enough for the certificate and the public page. */
async function preparePhoto(field: MarriagePhoto, data: Buffer): Promise<Buffer> {
  if (data.length > PHOTO_LIMIT_BYTES) throw new Invalid(field, 'must be at most 600 KB');
  if (!imageType(data)) throw new Invalid(field, 'must be a JPEG, PNG or WebP image');
  // The header alone gives the size, before anything is decoded.
  const size = await sharp(data)
    .metadata()
    .catch(() => null);
  if (!size?.width || !size.height) throw new Invalid(field, 'the image could not be read: it is damaged');
  if (size.width * size.height > PHOTO_MAX_PIXELS)
    throw new Invalid(field, `is ${size.width}×${size.height} pixels: at most about 2000×2000 (4 megapixels); make the photo smaller`);
  return imageWork.run(async () => {
    try {
      return await sharp(data, { limitInputPixels: PHOTO_MAX_PIXELS, failOn: 'error' })
        .rotate()
        .resize({ width: 600, height: 800, fit: 'inside', withoutEnlargement: true })
        .flatten({ background: '#ffffff' })
        .jpeg({ quality: 85 })
        .toBuffer();
    } catch {
      throw new Invalid(field, 'the image could not be read: it is damaged');
    }
  });
}

/** Writes the prepared photos under random names; returns their columns and the files written. */
async function storePhotos(dir: string, photos: Partial<Record<MarriagePhoto, Buffer>>) {
  const columns: Record<string, string> = {};
  const files: { path: string; data: Buffer }[] = [];
  for (const [field, data] of Object.entries(photos) as [MarriagePhoto, Buffer][]) {
    const name = `${randomFileStem()}.jpg`;
    files.push({ path: path.join(dir, name), data });
    columns[photoColumn(field)] = `/uploads/marriage/${name}`;
  }
  return { columns, written: await writeNewFiles(files) };
}

/** The file behind a stored photo URL; only names this module makes, so a URL cannot point elsewhere. */
function photoFile(dir: string, url: unknown): string | null {
  const m = typeof url === 'string' ? PHOTO_URL.exec(url) : null;
  return m ? path.join(dir, `${m[1]}.jpg`) : null;
}

// ---------------------------------------------------------------- writes

/** The audit trail's row of a certificate: the fields a clerk edits (and the photos' file names) as
 *  they read on the form, old → new; Aadhaar numbers are masked by changesOf. */
function auditCertificate(tx: Tx, kind: Kind, action: AuditAction, before: Row | null, after: Row) {
  const fields = kind.fields.map((f) => f.name);
  if (kind.kind === 'marriage') fields.push(...MARRIAGE_PHOTOS.map(photoUrlField));
  return recordAudit(tx, {
    councilId: after.createdByUserId as number,
    entity: kind.model[0].toUpperCase() + kind.model.slice(1),
    entityId: after[kind.idField] as string,
    action,
    changes: changesOf(before && toRecord(kind, before), toRecord(kind, after), fields),
  });
}

export interface WriteOptions {
  photos?: Photos;
  photoDir?: string;
}

/** Runs the database write with the marriage photos checked and on disk first; a failed write
 *  leaves no stray files. */
async function withPhotos<T>(
  kind: Kind,
  opts: WriteOptions,
  creating: boolean,
  save: (columns: Record<string, string>) => Promise<T>,
): Promise<T> {
  if (kind.kind !== 'marriage') return save({});
  const photos = opts.photos ?? {};
  if (creating) for (const p of ['husbandPhoto', 'wifePhoto'] as const) if (!photos[p]) throw new Invalid(p, 'is required');
  const prepared: Photos = {};
  for (const p of MARRIAGE_PHOTOS) if (photos[p]) prepared[p] = await preparePhoto(p, photos[p]);
  const { columns, written } = await storePhotos(opts.photoDir!, prepared);
  try {
    return await save(columns);
  } catch (err) {
    await removeFiles(written);
    throw err;
  }
}

// ---------------------------------------------------------------- registration numbers

/** Another record of this council and kind with this registration number (any letter case), if any.
 *  Compared by lower(), exactly: Prisma's case-insensitive equals is ILIKE, where the _ and % a number
 *  may hold (JNM_2026_01) are wildcards, and a similar number answered a false 409 (issue 25). */
async function sameNumber(db: DbOrTx, kind: Kind, ownerId: number, number: string, exceptId?: string): Promise<Row | null> {
  const hit = await sameNumberId(db, kind, ownerId, number, exceptId);
  return hit ? findRow(db, kind, hit) : null;
}

/** The number after the latest one (its last run of digits plus one, zero padding kept: JNM/2026/0142
 *  gives JNM/2026/0143), skipping numbers already taken; empty when the council has none yet or the
 *  latest has no digits to count on. */
export async function nextFreeNumber(db: DbOrTx, kind: Kind, ownerId: number): Promise<string> {
  const latest = await table(db, kind).findFirst({
    where: { createdByUserId: ownerId, NOT: { [kind.numberField]: '' } },
    orderBy: [{ createdAt: 'desc' }, { [kind.idField]: 'desc' }],
    select: { [kind.numberField]: true },
  });
  const m = /^(.*?)(\d+)(\D*)$/.exec(String(latest?.[kind.numberField] ?? ''));
  if (!m) return '';
  const [, head, digits, tail] = m;
  let n = BigInt(digits);
  for (let tries = 0; tries < 1000; tries++) {
    n += 1n;
    const candidate = `${head}${n.toString().padStart(digits.length, '0')}${tail}`;
    if (!(await sameNumber(db, kind, ownerId, candidate))) return candidate;
  }
  return '';
}

/** The serial number (अनुक्रमांक) a new record of a kind that has one (birth) starts from: the
 *  council's highest plus one, 1 for its first; undefined for a kind without one. */
export async function nextSerialNo(db: DbOrTx, kind: Kind, ownerId: number): Promise<number | undefined> {
  if (!kind.fields.some((f) => f.name === 'serialNo')) return undefined;
  const latest = await table(db, kind).findFirst({
    where: { createdByUserId: ownerId },
    orderBy: [{ serialNo: 'desc' }],
    select: { serialNo: true },
  });
  return Number(latest?.serialNo ?? 0) + 1;
}

/** Writes one record under a per-council, per-kind lock with its registration number checked free:
 *  two clerks saving the same number at once get one record and one 409, never two records. */
function writeWithNumber(
  db: DbOrTx,
  kind: Kind,
  ownerId: number,
  values: Values,
  exceptId: string | undefined,
  write: (tx: Tx) => Promise<Row>,
) {
  return inTransaction(db, async (tx) => {
    const number = String(values[kind.numberField] ?? '');
    if (number) {
      await lockNumbers(tx, kind, ownerId);
      const taken = await sameNumber(tx, kind, ownerId, number, exceptId);
      if (taken) {
        const next = await nextFreeNumber(tx, kind, ownerId);
        const name = String(taken[kind.nameFields[0]] ?? '');
        const on = taken.registrationDate instanceof Date ? `, registered on ${formatDateEnGB(taken.registrationDate)}` : '';
        throw new Conflict(
          `Registration number ${number} is already used by ${name}${on}.${next ? ` The next free number is ${next}.` : ''}`,
        );
      }
    }
    return write(tx);
  });
}

export async function createCertificate(
  db: DbOrTx,
  kind: Kind,
  ownerId: number,
  body: Record<string, unknown>,
  opts: WriteOptions = {},
): Promise<Row> {
  const sent = readInput(kind, body);
  const blank = Object.fromEntries(kind.fields.map((f) => [f.name, blankValue(f)]));
  const values = complete(kind, { ...blank, ...sent }, sent, true);
  const result = await withPhotos(kind, opts, true, (columns) =>
    writeWithNumber(db, kind, ownerId, values, undefined, async (tx) => {
      const row = await table(tx, kind).create({ data: { ...values, ...columns, createdByUserId: ownerId } });
      await auditCertificate(tx, kind, 'create', null, row);
      return row;
    }),
  );
  return toRecord(kind, result);
}

/** Equal as stored: dates by day, everything else by its text. */
const sameValue = (a: Value | undefined, b: Value | undefined) =>
  (a instanceof Date ? isoDay(a) : String(a ?? '')) === (b instanceof Date ? isoDay(b) : String(b ?? ''));

/** Changes the fields the request sent (and what is computed from them), in one statement that
 *  holds only while the record is still at the version it was read at. With `ifMatch` (the ETag the
 *  client read) a record changed since answers 409; without it (older integrators) the change is
 *  applied again on top of the newer record, so two clerks editing different fields both keep theirs. */
export async function updateCertificate(
  db: DbOrTx,
  kind: Kind,
  ownerId: number,
  id: string,
  body: Record<string, unknown>,
  opts: WriteOptions & { ifMatch?: number } = {},
): Promise<Row> {
  const sent = readInput(kind, body);
  for (let attempt = 0; ; attempt++) {
    const existing = await findOwned(db, kind, ownerId, id);
    const version = existing.version as number;
    if (opts.ifMatch !== undefined && opts.ifMatch !== version) throw new StaleRecord();
    const before = rowValues(kind, existing);
    const values = complete(kind, { ...before, ...sent }, sent, false);
    const changed = Object.fromEntries(Object.entries(values).filter(([k, v]) => k in sent || !sameValue(v, before[k])));
    try {
      const result = await withPhotos(kind, opts, false, (columns) =>
        writeWithNumber(db, kind, ownerId, values, id, async (tx) => {
          const { count } = await table(tx, kind).updateMany({
            where: { [kind.idField]: id, version },
            data: { ...changed, ...columns, version: { increment: 1 } },
          });
          if (count === 0) throw new StaleRecord();
          const after = await table(tx, kind).findUniqueOrThrow({ where: { [kind.idField]: id } });
          // The version matched, so `existing` is exactly the row this statement replaced.
          await auditCertificate(tx, kind, 'update', existing, after);
          return after;
        }),
      );
      // Replaced photos are deleted only once the row points at the new ones.
      if (kind.kind === 'marriage' && opts.photoDir) {
        const old = MARRIAGE_PHOTOS.filter((p) => opts.photos?.[p] && existing[photoColumn(p)] !== result[photoColumn(p)])
          .map((p) => photoFile(opts.photoDir!, existing[photoColumn(p)]))
          .filter((f): f is string => !!f);
        await removeFiles(old);
      }
      return toRecord(kind, result);
    } catch (err) {
      if (err instanceof StaleRecord && opts.ifMatch === undefined && attempt < 10) continue;
      throw err;
    }
  }
}

// ---------------------------------------------------------------- PDF

/** A certificate's printed fields (not its version, timestamps or photo file names): what its
 *  signed PDF's fingerprint is taken of (signing/request.ts). */
export const certificateData = (kind: Kind, row: Row) => Object.fromEntries(kind.fields.map((f) => [f.name, row[f.name]]));

export interface PdfOptions {
  publicBaseUrl: string;
  photoDir: string;
  signingKeySecret: string;
}

export async function certificatePdf(db: DbOrTx, kind: Kind, ownerId: number, id: string, opts: PdfOptions) {
  const row = await findOwned(db, kind, ownerId, id);
  const office = await officeOf(db, ownerId);
  const photos: Partial<Record<MarriagePhoto, Buffer>> = {};
  if (kind.kind === 'marriage') {
    for (const p of ['husbandPhoto', 'wifePhoto'] as const) {
      const file = photoFile(opts.photoDir, row[photoColumn(p)]);
      // A photo lost from disk (restored database without uploads) prints as an empty frame.
      if (file) photos[p] = await readUpload(file);
    }
  }
  const recordId = String(row[kind.idField]);
  const signature = await signatureFor(db, opts, ownerId, office, {
    kind: kind.kind,
    id: recordId,
    registrationNumber: String(row[kind.numberField] ?? ''),
    data: certificateData(kind, row),
  });
  const pdf = await renderInWorker('certificate', kind.kind, row, office, {
    qrUrl: `${opts.publicBaseUrl}/${kind.kind}qr/${recordId}`,
    issuedOn: todayInIndia(),
    photos,
    signature,
  });
  return { pdf, fileName: kind.fileName(row) };
}
