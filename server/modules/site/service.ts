// Site profile per council: the defaults until the office first saves it (a public read never writes),
// replaced whole by the edit screen; the office logo; the first-run setup's state; and the issuing
// office as documents print it.
import crypto from 'node:crypto';
import path from 'node:path';
import { putContentNamed } from '../../lib/uploads.ts';
import type { FastifyInstance } from 'fastify';
import { inTransaction, type DbOrTx } from '../../db/transaction.ts';
import type { Prisma, SiteProfile as SiteProfileRow } from '../../generated/prisma/client.ts';
import { Invalid, NotFound } from '../../lib/errors.ts';
import { imageType, sharp } from '../../lib/images.ts';
import { StaleRecord } from '../../lib/versions.ts';
import { NEUTRAL_OFFICE, type Office } from '../../lib/pdf/index.ts';
import { SETUP_FIELDS } from '../../../common/site-setup.ts';
import { UPI_ID } from '../../../common/upi.ts';
import type { Config } from '../../config.ts';
import { changesOf, recordAudit } from '../audit/record.ts';
import { DEFAULT_PROFILE } from './defaults.ts';
import { SiteProfileBody, type SetupStatus, type SiteProfile } from './schema.ts';

/** The council whose content the public pages show: PUBLIC_USER_ID, else the first account. */
export async function publicUserId(app: Pick<FastifyInstance, 'config' | 'db'>): Promise<number | null> {
  if (app.config.publicUserId) return app.config.publicUserId;
  const first = await app.db.user.findFirst({ orderBy: { id: 'asc' }, select: { id: true } });
  return first?.id ?? null;
}

function toProfile(row: SiteProfileRow): SiteProfile {
  const { updatedAt, latitude, longitude, ...rest } = row;
  return {
    ...(rest as unknown as Omit<SiteProfile, 'latitude' | 'longitude' | 'updatedAt'>),
    latitude: latitude === null ? null : Number(latitude),
    longitude: longitude === null ? null : Number(longitude),
    updatedAt: updatedAt.toISOString(),
  };
}

const BODY_FIELDS = Object.keys(SiteProfileBody.properties) as (keyof SiteProfileBody)[];

/** The columns a save writes: the body's own fields and nothing else. The row's key (the council),
 *  its version and its time are the server's: a body naming them once re-keyed one council's profile
 *  to another's (issue 25). */
function toData(input: SiteProfileBody) {
  const data: Record<string, unknown> = {};
  for (const field of BODY_FIELDS) if (input[field] !== undefined) data[field] = input[field];
  return data as Omit<Prisma.SiteProfileUncheckedCreateInput, 'createdByUserId'>;
}

/** Makes the default row if there is none; ON CONFLICT DO NOTHING, so two first readers cannot clash. */
async function ensureProfile(db: DbOrTx, userId: number) {
  const user = await db.user.findUnique({ where: { id: userId }, select: { id: true } });
  if (!user) throw new NotFound('No council account with this id.');
  await db.siteProfile.createMany({ data: [{ createdByUserId: userId, ...toData(DEFAULT_PROFILE) }], skipDuplicates: true });
  forgetOffice(userId);
}

/** Never writes (a public GET must not), and answers an unknown account exactly like one that has
 *  not saved its profile yet, so the public page does not tell which accounts exist. */
export async function getProfile(db: DbOrTx, userId: number): Promise<SiteProfile> {
  const row = await db.siteProfile.findUnique({ where: { createdByUserId: userId } });
  if (row) return toProfile(row);
  return { ...structuredClone(DEFAULT_PROFILE), createdByUserId: userId, version: 0, updatedAt: new Date(0).toISOString() } as SiteProfile;
}

const PIN = /^\d{6}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^\+?[0-9][0-9 ()-]{5,18}$/;
// The logo goes into <img src> and og:image: an https address or a path on this site; never
// javascript:, data:, plain http (mixed content) or "//host/…", which is another site.
const LOGO = /^(https:\/\/[^\s"'<>\\]+|\/(?![/\\])[^\s"'<>\\]*)$/;

// A footer link opens it: an https address only (never javascript:, data: or plain http).
const SOCIAL = /^https:\/\/[^\s"'<>\\/]+\.[^\s"'<>\\]+$/;

/** Rules the schema cannot say in a clerk's words. Strings arrive trimmed. */
function checkProfile(input: SiteProfileBody) {
  if (input.postalCode && !PIN.test(input.postalCode)) throw new Invalid('postalCode', 'must be 6 digits');
  if (input.email && !EMAIL.test(input.email)) throw new Invalid('email', 'is not a valid e-mail address');
  if (input.phone && !PHONE.test(input.phone)) throw new Invalid('phone', 'use digits, spaces, dashes and an optional leading +');
  if (input.logoUrl && !LOGO.test(input.logoUrl))
    throw new Invalid('logoUrl', 'must start with https://, or be a path on this site starting with a single /');
  for (const field of ['facebookUrl', 'twitterUrl', 'instagramUrl'] as const)
    if (input[field] && !SOCIAL.test(input[field])) throw new Invalid(field, 'must be an address starting with https://');
  if (input.upiId && !UPI_ID.test(input.upiId))
    throw new Invalid('upiId', 'UPI आयडी नाव@बँक असा असावा (उदा. gp.sonagaon@sbi) / must be a UPI id, name@handle (e.g. gp.sonagaon@sbi)');
  if ((input.latitude === null) !== (input.longitude === null))
    throw new Invalid(input.latitude === null ? 'latitude' : 'longitude', 'give both latitude and longitude, or neither');
}

/** Saves the whole profile. With `ifMatch` (the version the edit screen read; 0 for one never
 *  saved) only while it is still that version, else 409. */
export async function updateProfile(db: DbOrTx, userId: number, input: SiteProfileBody, ifMatch?: number): Promise<SiteProfile> {
  checkProfile(input);
  forgetOffice(userId);
  try {
    return await inTransaction(db, async (tx) => {
      // Old → new against what the public pages showed: the defaults while it was never saved.
      const before = await getProfile(tx, userId);
      const after = await saveProfile(tx, userId, input, ifMatch);
      await recordAudit(tx, {
        councilId: userId,
        entity: 'SiteProfile',
        entityId: userId,
        action: 'update',
        changes: changesOf(before, after, BODY_FIELDS),
      });
      return after;
    });
  } finally {
    forgetOffice(userId);
  }
}

async function saveProfile(db: DbOrTx, userId: number, input: SiteProfileBody, ifMatch?: number): Promise<SiteProfile> {
  if (ifMatch === 0) {
    const user = await db.user.findUnique({ where: { id: userId }, select: { id: true } });
    if (!user) throw new NotFound('No council account with this id.');
    const { count } = await db.siteProfile.createMany({ data: [{ createdByUserId: userId, ...toData(input) }], skipDuplicates: true });
    if (count === 0) throw new StaleRecord();
    return toProfile(await db.siteProfile.findUniqueOrThrow({ where: { createdByUserId: userId } }));
  }
  await ensureProfile(db, userId);
  const where = { createdByUserId: userId, ...(ifMatch === undefined ? {} : { version: ifMatch }) };
  const { count } = await db.siteProfile.updateMany({ where, data: { ...toData(input), version: { increment: 1 } } });
  if (count === 0) throw new StaleRecord();
  return toProfile(await db.siteProfile.findUniqueOrThrow({ where: { createdByUserId: userId } }));
}

/** The issuing office from the council's site profile. A part the office has not entered is empty
 *  and left out of the document; only the name falls back to the neutral "ग्रामपंचायत कार्यालय". */
export async function officeOf(db: DbOrTx, userId: number): Promise<Office> {
  const cached = offices.get(userId);
  if (cached && cached.until > Date.now()) return cached.office;
  const writesBefore = profileWrites;
  const office = await readOffice(db, userId);
  // A read that overlapped a save may have seen the old row: used, not kept.
  if (writesBefore === profileWrites) {
    if (offices.size >= 10_000) offices.clear();
    offices.set(userId, { office, until: Date.now() + OFFICE_TTL_MS });
  }
  return office;
}

/** Every certificate, receipt and bill prints the office, and a burst of them (a clerk's batch,
 *  16 PDF clients) read the same row each time: a third of the queries of a certificate PDF. It is
 *  kept for a few seconds; a save through this process forgets it at once, so only another process
 *  writing the profile (a second server on the same PostgreSQL) is seen up to that much later. */
const OFFICE_TTL_MS = 5_000;
const offices = new Map<number, { office: Office; until: number }>();
/** Saves begun or ended in this process, so a read that overlapped one is not kept. */
let profileWrites = 0;
function forgetOffice(userId: number) {
  profileWrites++;
  offices.delete(userId);
}

async function readOffice(db: DbOrTx, userId: number): Promise<Office> {
  const p = await db.siteProfile.findUnique({
    where: { createdByUserId: userId },
    select: { officeName: true, officeNameEnglish: true, block: true, blockEnglish: true, district: true, districtEnglish: true },
  });
  if (!p) return NEUTRAL_OFFICE;
  return {
    ...p,
    officeName: p.officeName || NEUTRAL_OFFICE.officeName,
    officeNameEnglish: p.officeNameEnglish || NEUTRAL_OFFICE.officeNameEnglish,
  };
}

const LOOPBACK = /^(localhost|.*\.localhost|127(\.\d{1,3}){3}|0\.0\.0\.0|\[::1?\])$/i;

/** True when the address names the computer it is opened on, so a citizen's phone reaching it
 *  would reach itself. */
export function isLocalAddress(url: string): boolean {
  try {
    return LOOPBACK.test(new URL(url).hostname);
  } catch {
    return true;
  }
}

/** What the first-run setup still lacks: the setup fields left empty, and whether certificate QR
 *  codes point at an address citizens can open. */
export function setupStatus(profile: SiteProfileBody, config: Pick<Config, 'publicBaseUrl' | 'publicBaseUrlSet'>): SetupStatus {
  const empty = SETUP_FIELDS.filter((f) => !String(profile[f.name] ?? '').trim());
  const missing = empty.filter((f) => f.required).map((f) => f.name);
  return {
    complete: missing.length === 0,
    missing,
    missingOptional: empty.filter((f) => !f.required).map((f) => f.name),
    publicBaseUrl: config.publicBaseUrl,
    publicBaseUrlSet: config.publicBaseUrlSet,
    publicBaseUrlLocal: isLocalAddress(config.publicBaseUrl),
  };
}

/** Stores the logo and notes it in the trail; the profile names it only once the office saves it. */
export async function uploadLogo(db: DbOrTx, dir: string, councilId: number, file: Buffer, fileName: string): Promise<string> {
  const logoUrl = await storeLogo(dir, file);
  await recordAudit(db, {
    councilId,
    entity: 'SiteProfile',
    entityId: councilId,
    action: 'upload',
    changes: { logoUrl: { old: null, new: logoUrl }, fileName: { old: null, new: fileName.slice(0, 200) } },
  });
  return logoUrl;
}

const LOGO_SIZE = 256;

/** Stores an uploaded logo as a PNG of at most 256 px (transparency kept, metadata dropped) under
 *  `dir`, named by its content: uploads are served with a long cache, so new content, new name. */
export async function storeLogo(dir: string, file: Buffer): Promise<string> {
  if (!imageType(file)) throw new Invalid('LogoFile', 'must be a JPEG, PNG or WebP image');
  let png: Buffer;
  try {
    png = await sharp(file, { limitInputPixels: 50_000_000, failOn: 'error' })
      .rotate()
      .resize({ width: LOGO_SIZE, height: LOGO_SIZE, fit: 'inside', withoutEnlargement: true })
      .png({ compressionLevel: 9 })
      .toBuffer();
  } catch {
    throw new Invalid('LogoFile', 'the image could not be read: it is damaged or too large in pixels');
  }
  const name = `logo-${crypto.createHash('sha256').update(png).digest('hex').slice(0, 16)}.png`;
  await putContentNamed(path.join(dir, name), png);
  return `/uploads/site/${name}`;
}
