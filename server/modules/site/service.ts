// Site profile per council: the defaults until the office first saves it, replaced whole by the edit screen;
// and the issuing office as documents print it.
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/transaction.ts';
import type { Prisma, SiteProfile as SiteProfileRow } from '../../generated/prisma/client.ts';
import { Invalid, NotFound } from '../../lib/errors.ts';
import { NEUTRAL_OFFICE, type Office } from '../../lib/pdf/index.ts';
import { DEFAULT_PROFILE } from './defaults.ts';
import type { SiteProfile, SiteProfileBody } from './schema.ts';

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

function toData(input: SiteProfileBody) {
  return { ...input } as Omit<Prisma.SiteProfileUncheckedCreateInput, 'createdByUserId'>;
}

/** Makes the default row if there is none; ON CONFLICT DO NOTHING, so two first readers cannot clash. */
async function ensureProfile(db: DbOrTx, userId: number) {
  const user = await db.user.findUnique({ where: { id: userId }, select: { id: true } });
  if (!user) throw new NotFound('No council account with this id.');
  await db.siteProfile.createMany({ data: [{ createdByUserId: userId, ...toData(DEFAULT_PROFILE) }], skipDuplicates: true });
}

/** Never writes (a public GET must not), and answers an unknown account exactly like one that has
 *  not saved its profile yet, so the public page does not tell which accounts exist. */
export async function getProfile(db: DbOrTx, userId: number): Promise<SiteProfile> {
  const row = await db.siteProfile.findUnique({ where: { createdByUserId: userId } });
  if (row) return toProfile(row);
  return { ...structuredClone(DEFAULT_PROFILE), createdByUserId: userId, updatedAt: new Date(0).toISOString() } as SiteProfile;
}

const PIN = /^\d{6}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^\+?[0-9][0-9 ()-]{5,18}$/;
// The logo goes into <img src> and og:image: an https address or a path on this site; never
// javascript:, data:, plain http (mixed content) or "//host/…", which is another site.
const LOGO = /^(https:\/\/[^\s"'<>\\]+|\/(?![/\\])[^\s"'<>\\]*)$/;

/** Rules the schema cannot say in a clerk's words. Strings arrive trimmed. */
function checkProfile(input: SiteProfileBody) {
  if (input.postalCode && !PIN.test(input.postalCode)) throw new Invalid('postalCode', 'must be 6 digits');
  if (input.email && !EMAIL.test(input.email)) throw new Invalid('email', 'is not a valid e-mail address');
  if (input.phone && !PHONE.test(input.phone)) throw new Invalid('phone', 'use digits, spaces, dashes and an optional leading +');
  if (input.logoUrl && !LOGO.test(input.logoUrl)) throw new Invalid('logoUrl', 'must start with https://, or be a path on this site starting with a single /');
  if ((input.latitude === null) !== (input.longitude === null))
    throw new Invalid(input.latitude === null ? 'latitude' : 'longitude', 'give both latitude and longitude, or neither');
}

export async function updateProfile(db: DbOrTx, userId: number, input: SiteProfileBody): Promise<SiteProfile> {
  checkProfile(input);
  await ensureProfile(db, userId);
  const row = await db.siteProfile.update({ where: { createdByUserId: userId }, data: toData(input) });
  return toProfile(row);
}

/** The issuing office from the council's site profile. Placeholders of a profile nobody has edited
 *  yet ("आपला तालुका") are left out rather than printed on a legal document. */
export async function officeOf(db: DbOrTx, userId: number): Promise<Office> {
  const p = await db.siteProfile.findUnique({
    where: { createdByUserId: userId },
    select: { officeName: true, officeNameEnglish: true, block: true, blockEnglish: true, district: true, districtEnglish: true },
  });
  if (!p) return NEUTRAL_OFFICE;
  const keep = (k: keyof Office) => (p[k] && p[k] !== DEFAULT_PROFILE[k] ? p[k] : '');
  return {
    officeName: p.officeName || NEUTRAL_OFFICE.officeName,
    officeNameEnglish: p.officeNameEnglish || NEUTRAL_OFFICE.officeNameEnglish,
    block: keep('block'), blockEnglish: keep('blockEnglish'), district: keep('district'), districtEnglish: keep('districtEnglish'),
  };
}
