// Marriage certificates: multipart with photos, the photo rules (600 KB, really an image, husband
// and wife required on create, kept on update), the spouse age rules, and the photos on the PDF.
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { useTestApp, useCouncil, injectAs } from '../helpers/app.ts';
import { caseOf, couplePhotos, createValid, photo, send, type Body, type PhotoParts } from '../helpers/certificates.ts';
import { pdfFacts } from '../helpers/pdf-read.ts';

const t = useTestApp();
const council = useCouncil(t);

const marriage = caseOf('marriage');
const PHOTO_URL = /^\/uploads\/marriage\/[0-9a-f]{32}\.jpg$/;
const storedPhotos = () => {
  const dir = path.join(t.config.dataDir, 'uploads', 'marriage');
  return fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [];
};

async function refused(body: Body, photos: PhotoParts | undefined, message: string, status = 400) {
  const before = storedPhotos();
  const res = await send(t.app, council, marriage, body, { photos });
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json()).toEqual({ isSuccess: false, message, result: null });
  expect(storedPhotos()).toEqual(before);
}

/** A real PNG of random noise: it does not compress, so it is bigger than 600 KB. */
const bigPhoto = () =>
  sharp(Buffer.from(Array.from({ length: 520 * 520 * 3 }, () => Math.floor(Math.random() * 256))), {
    raw: { width: 520, height: 520, channels: 3 },
  })
    .png()
    .toBuffer();

describe('creating with photos (multipart)', () => {
  it('stores husband and wife photos as JPEGs under random names, served from /uploads/marriage', async () => {
    const res = await send(t.app, council, marriage, marriage.valid(), {
      photos: { husbandPhoto: await photo('jpeg'), wifePhoto: await photo('webp', '#e8d0d8') },
    });
    expect(res.statusCode, res.body).toBe(201);
    const record = res.json().result;
    expect(record.husbandPhotoUrl).toMatch(PHOTO_URL);
    expect(record.wifePhotoUrl).toMatch(PHOTO_URL);
    expect(record.witness1PhotoUrl).toBeNull();
    const served = await t.app.inject({ method: 'GET', url: record.wifePhotoUrl });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect((await sharp(served.rawPayload).metadata()).format).toBe('jpeg');
  });

  it('keeps no camera metadata and turns the photo upright; large photos shrink to 600×800 at most', async () => {
    const sideways = await sharp({ create: { width: 1000, height: 800, channels: 3, background: '#336699' } })
      .jpeg({ quality: 40 })
      .withMetadata({ orientation: 6, exif: { IFD0: { Copyright: 'phone owner' } } })
      .toBuffer();
    const record = await createValid(t.app, council, marriage);
    const res = await send(
      t.app,
      council,
      marriage,
      {},
      { id: record.marriageCertificatesId as string, photos: { husbandPhoto: sideways } },
    );
    const stored = fs.readFileSync(path.join(t.config.dataDir, res.json().result.husbandPhotoUrl));
    const meta = await sharp(stored).metadata();
    expect([meta.width, meta.height]).toEqual([600, 750]);
    expect(meta.exif).toBeUndefined();
  });

  it('takes witness photos too, and reads the browser form\'s text values ("null", "", numbers as text)', async () => {
    const photos = { ...(await couplePhotos()), witness1Photo: await photo('png', '#ddeedd') };
    const res = await send(t.app, council, marriage, { ...marriage.valid(), issueDate: 'null', priestAge: '', khandNumber: 7 }, { photos });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().result).toMatchObject({
      issueDate: null,
      priestAge: 0,
      khandNumber: '7',
      witness1PhotoUrl: expect.stringMatching(PHOTO_URL),
    });
  });

  it("computes the spouses' ages in years and months on the marriage date, ignoring ages sent", async () => {
    const record = await createValid(t.app, council, marriage, { husbandAgeYears: 99, wifeAgeMonths: 11 });
    // Husband born 28/02/1998, wife 15/08/2001, married 20/05/2026.
    expect(record).toMatchObject({ husbandAgeYears: 28, husbandAgeMonths: 2, wifeAgeYears: 24, wifeAgeMonths: 9 });
  });

  it("shows husband and wife photos on the public page, not the witnesses'", async () => {
    const photos = { ...(await couplePhotos()), witness2Photo: await photo('jpeg', '#eeeecc') };
    const created = (await send(t.app, council, marriage, marriage.valid(), { photos })).json().result;
    const pub = (await t.app.inject({ method: 'GET', url: `/api/MarriageCertificate/${created.marriageCertificatesId}` })).json().result;
    expect(pub).toMatchObject({
      view: 'public',
      husbandPhotoUrl: created.husbandPhotoUrl,
      wifePhotoUrl: created.wifePhotoUrl,
      husbandAgeYears: 28,
      wifeAgeYears: 24,
    });
    expect(pub.witness2PhotoUrl).toBeUndefined();
    expect(pub.husbandAadhaar).toBeUndefined();
    expect(pub.witness1NameMarathi).toBeUndefined();
  });
});

describe('photo rules', () => {
  it('requires the husband and wife photos on create', async () => {
    const { husbandPhoto, wifePhoto } = await couplePhotos();
    await refused(marriage.valid(), { wifePhoto }, 'husbandPhoto: is required');
    await refused(marriage.valid(), { husbandPhoto }, 'wifePhoto: is required');
    // An empty file input (no file chosen) is no photo.
    await refused(marriage.valid(), { husbandPhoto, wifePhoto: Buffer.alloc(0) }, 'wifePhoto: is required');
  });

  it("refuses a photo over 600 KB with the field's name, and keeps nothing of the upload", async () => {
    const big = await bigPhoto();
    expect(big.length).toBeGreaterThan(600 * 1024);
    expect(big.length).toBeLessThan(t.config.uploadLimitBytes);
    await refused(
      marriage.valid(),
      { husbandPhoto: big, wifePhoto: (await couplePhotos()).wifePhoto },
      'husbandPhoto: must be at most 600 KB',
    );
    await refused(marriage.valid(), { ...(await couplePhotos()), witness3Photo: big }, 'witness3Photo: must be at most 600 KB');
  });

  it('refuses a file that is not a JPEG, PNG or WebP image by its content, whatever its name says', async () => {
    const husbandPhoto = await photo('jpeg');
    const text = Buffer.from('<?php echo "not a photo"; ?>'.repeat(20));
    await refused(marriage.valid(), { husbandPhoto, wifePhoto: text }, 'wifePhoto: must be a JPEG, PNG or WebP image');
    const gif = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    await refused(marriage.valid(), { husbandPhoto: gif, wifePhoto: husbandPhoto }, 'husbandPhoto: must be a JPEG, PNG or WebP image');
    const broken = Buffer.concat([husbandPhoto.subarray(0, 120), Buffer.alloc(400)]);
    await refused(marriage.valid(), { husbandPhoto, wifePhoto: broken }, 'wifePhoto: the image could not be read: it is damaged');
  });

  it('refuses a file part that is not one of the photo fields', async () => {
    const res = await send(t.app, council, marriage, marriage.valid(), {
      photos: { ...(await couplePhotos()), ['passportScan' as 'husbandPhoto']: await photo() },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^passportScan: is not an accepted photo field/);
  });
});

describe('updating', () => {
  it('keeps the photos when none are sent, by multipart or JSON', async () => {
    const record = await createValid(t.app, council, marriage);
    const id = record.marriageCertificatesId as string;
    const viaForm = (await send(t.app, council, marriage, { remarksEnglish: 'Updated by form' }, { id })).json().result;
    expect(viaForm).toMatchObject({
      remarksEnglish: 'Updated by form',
      husbandPhotoUrl: record.husbandPhotoUrl,
      wifePhotoUrl: record.wifePhotoUrl,
    });
    const viaJson = await injectAs(t.app, council, {
      method: 'PUT',
      url: `/api/MarriageCertificate/${id}`,
      payload: { remarksMarathi: 'अद्यतनित' },
    });
    expect(viaJson.statusCode).toBe(200);
    expect(viaJson.json().result).toMatchObject({
      remarksMarathi: 'अद्यतनित',
      remarksEnglish: 'Updated by form',
      husbandPhotoUrl: record.husbandPhotoUrl,
    });
  });

  it('replaces a photo that is sent and deletes the old file', async () => {
    const record = await createValid(t.app, council, marriage);
    const id = record.marriageCertificatesId as string;
    const res = await send(t.app, council, marriage, {}, { id, photos: { wifePhoto: await photo('png', '#ffccaa') } });
    const updated = res.json().result;
    expect(updated.wifePhotoUrl).toMatch(PHOTO_URL);
    expect(updated.wifePhotoUrl).not.toBe(record.wifePhotoUrl);
    expect(updated.husbandPhotoUrl).toBe(record.husbandPhotoUrl);
    expect((await t.app.inject({ method: 'GET', url: record.wifePhotoUrl as string })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: updated.wifePhotoUrl })).statusCode).toBe(200);
  });
});

describe('spouse ages and other rules', () => {
  it('refuses a bride under 18 on the marriage date, and takes one who turns 18 that day', async () => {
    await refused(
      { ...marriage.valid(), wifeBirthDate: '2008-05-21' },
      undefined,
      'wifeBirthDate: the bride must be at least 18 on the marriage date',
    );
    const record = await createValid(t.app, council, marriage, { wifeBirthDate: '2008-05-20' });
    expect(record).toMatchObject({ wifeAgeYears: 18, wifeAgeMonths: 0 });
  });

  it("refuses a groom under 21 on the marriage date (the law, not the spec's 18), and takes one who turns 21 that day", async () => {
    await refused(
      { ...marriage.valid(), husbandBirthDate: '2010-01-01' },
      undefined,
      'husbandBirthDate: the groom must be at least 21 on the marriage date',
    );
    // 20 years and 11 months: an adult, but not old enough to marry.
    await refused(
      { ...marriage.valid(), husbandBirthDate: '2005-05-21' },
      undefined,
      'husbandBirthDate: the groom must be at least 21 on the marriage date',
    );
    const record = await createValid(t.app, council, marriage, { husbandBirthDate: '2005-05-20' });
    expect(record).toMatchObject({ husbandAgeYears: 21, husbandAgeMonths: 0 });
  });

  it('counts someone born on 29 February as 18 on 1 March of a common year, not on 28 February', async () => {
    const born = { wifeBirthDate: '2008-02-29', registrationDate: '2026-03-02' };
    await refused(
      { ...marriage.valid(), ...born, marriageDate: '2026-02-28' },
      undefined,
      'wifeBirthDate: the bride must be at least 18 on the marriage date',
    );
    expect(await createValid(t.app, council, marriage, { ...born, marriageDate: '2026-03-01' })).toMatchObject({
      wifeAgeYears: 18,
      wifeAgeMonths: 0,
    });
  });

  it('requires the marriage date: the ages are counted on it (tests/server/security/marriage-ages.test.ts)', async () => {
    await refused(
      { ...marriage.valid(), marriageDate: '', registrationDate: '', husbandBirthDate: '2015-01-01' },
      undefined,
      'marriageDate: is required',
    );
  });

  it('refuses a marriage date in the future and a registration before the marriage', async () => {
    await refused({ ...marriage.valid(), marriageDate: '2099-01-01' }, undefined, 'marriageDate: must not be in the future');
    await refused({ ...marriage.valid(), registrationDate: '2026-05-19' }, undefined, 'registrationDate: must not be before marriageDate');
  });

  it('requires names in both languages, the officiant and the first witness', async () => {
    for (const field of [
      'husbandNameMarathi',
      'husbandNameEnglish',
      'husbandFatherNameMarathi',
      'husbandFatherNameEnglish',
      'wifeNameMarathi',
      'wifeNameEnglish',
      'wifeFatherNameMarathi',
      'wifeFatherNameEnglish',
      'officiantNameMarathi',
      'witness1NameMarathi',
      'witness1AddressMarathi',
    ])
      await refused({ ...marriage.valid(), [field]: '' }, undefined, `${field}: is required`);
  });

  it('takes Yes or No for the two legal questions, Yes when left empty', async () => {
    await refused({ ...marriage.valid(), underMarriageAct: 'Maybe' }, undefined, 'underMarriageAct: must be one of Yes, No');
    const record = await createValid(t.app, council, marriage, { underMarriageAct: 'no', ceremonyCompletedByLaw: '' });
    expect(record).toMatchObject({ underMarriageAct: 'No', ceremonyCompletedByLaw: 'Yes' });
  });

  it('checks Aadhaar numbers of the spouses', async () => {
    await refused({ ...marriage.valid(), husbandAadhaar: '1234' }, undefined, 'husbandAadhaar: must be exactly 12 digits');
  });
});

describe('the marriage PDF', () => {
  it('embeds the husband and wife photos', async () => {
    const record = await createValid(t.app, council, marriage);
    const res = await injectAs(t.app, council, { method: 'GET', url: marriage.pdfUrl(record.marriageCertificatesId as string) });
    expect(res.statusCode).toBe(200);
    expect(pdfFacts(res.rawPayload).images).toBe(2);
  });
});
