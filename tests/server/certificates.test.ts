// The four certificate kinds through the API, the same behaviour checked for each: create, list
// and search, who sees what, update, other councils refused, unknown ids, and the PDF.
import { describe, expect, it } from 'vitest';
import { useTestApp, createCouncil, injectAs, type TestCouncil } from '../helpers/app.ts';
import { KIND_CASES, createValid, send, type Body } from '../helpers/certificates.ts';
import { pdfFacts, pdfQr, pdfText } from '../helpers/pdf-read.ts';
import { findRow } from '../../server/modules/certificates/service.ts';
import { certificateRows } from '../../server/modules/certificates/sql.ts';
import { KINDS } from '../../server/modules/certificates/kinds.ts';
import { plainReaderOf } from '../../server/db/open.ts';

const t = useTestApp();

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const MISSING_ID = '3f2b9c4e-1d2a-4b8c-9e7f-0a1b2c3d4e5f';
const get = (url: string, c?: TestCouncil) => injectAs(t.app, c, { method: 'GET', url });
/** Every 12-digit run in a JSON text: a full Aadhaar number must never be in a public answer. */
const fullAadhaars = (text: string) => text.match(/(?<!\d)\d{12}(?!\d)/g) ?? [];

describe.each(KIND_CASES)('$kind certificates', (c) => {
  it("creates with a staff token: 201, the saved record with a UUID id, owned by the token's council", async () => {
    const council = await createCouncil(t.app);
    const other = await createCouncil(t.app);
    const body: Body = { ...c.valid(), createdByUserId: other.userId, CreatedByUserId: other.userId };
    const res = await send(t.app, council, c, body);
    expect(res.statusCode).toBe(201);
    const { isSuccess, result } = res.json();
    expect(isSuccess).toBe(true);
    expect(result[c.idField]).toMatch(UUID);
    expect(result.createdByUserId).toBe(council.userId);
    expect(result[c.nameEn]).toBe(body[c.nameEn]);
    expect(result[c.nameMr]).toBe(body[c.nameMr]);
  });

  it('refuses to create without a token', async () => {
    const res = await send(t.app, undefined, c, c.valid());
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ isSuccess: false, result: null });
  });

  it('lists newest first, pages, and finds by English or Marathi name in any case', async () => {
    const council = await createCouncil(t.app);
    await createValid(t.app, council, c, {}, { en: 'Aarav Patil', mr: 'आरव पाटील' });
    await createValid(t.app, council, c, {}, { en: 'Ishani Deshmukh', mr: 'ईशानी देशमुख' });
    await createValid(t.app, council, c, {}, { en: 'Kabir PATIL', mr: 'कबीर पाटील' });
    const other = await createCouncil(t.app);
    await createValid(t.app, other, c, {}, { en: 'Other Patil', mr: 'दुसरा पाटील' });

    const all = await get(`${c.listUrl}?userId=${council.userId}&pageNumber=1&pageSize=10`, council);
    expect(all.statusCode).toBe(200);
    const page = all.json().result;
    expect(page).toMatchObject({ pageNumber: 1, pageSize: 10, totalPages: 1, totalCount: 3 });
    expect(page.items.map((i: Body) => i[c.nameEn])).toEqual(['Kabir PATIL', 'Ishani Deshmukh', 'Aarav Patil']);

    const names = async (filter: string) =>
      (await get(`${c.listUrl}?pageNumber=1&pageSize=10&nameFilter=${encodeURIComponent(filter)}`, council))
        .json()
        .result.items.map((i: Body) => i[c.nameEn]);
    expect(await names('patil')).toEqual(['Kabir PATIL', 'Aarav Patil']);
    expect(await names('PaTiL')).toEqual(['Kabir PATIL', 'Aarav Patil']);
    expect(await names('पाटील')).toEqual(['Kabir PATIL', 'Aarav Patil']);
    expect(await names('ईशानी')).toEqual(['Ishani Deshmukh']);
    expect(await names('  ishani ')).toEqual(['Ishani Deshmukh']);
    expect(await names('nobody')).toEqual([]);
    expect(await names('%')).toEqual([]);
    expect(await names('_')).toEqual([]);

    const second = (await get(`${c.listUrl}?pageNumber=2&pageSize=2`, council)).json().result;
    expect(second).toMatchObject({ pageNumber: 2, pageSize: 2, totalPages: 2, totalCount: 3 });
    expect(second.items.map((i: Body) => i[c.nameEn])).toEqual(['Aarav Patil']);
    const defaults = (await get(c.listUrl, council)).json().result;
    expect(defaults).toMatchObject({ pageNumber: 1, pageSize: 10, totalCount: 3 });
  });

  it("lists only the token's council: another council's userId answers 404, no token 401", async () => {
    const council = await createCouncil(t.app);
    const other = await createCouncil(t.app);
    await createValid(t.app, other, c);
    const res = await get(`${c.listUrl}?userId=${other.userId}&pageNumber=1&pageSize=10`, council);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ isSuccess: false, result: null });
    expect((await get(c.listUrl)).statusCode).toBe(401);
    expect((await get(`${c.listUrl}?pageSize=101`, council)).statusCode).toBe(400);
    expect((await get(`${c.listUrl}?pageNumber=0`, council)).statusCode).toBe(400);
  });

  it('reads publicly without a token: the public fields only, every Aadhaar masked', async () => {
    const council = await createCouncil(t.app);
    const saved = await createValid(t.app, council, c);
    const id = saved[c.idField] as string;
    for (const viewer of [undefined, await createCouncil(t.app)]) {
      const res = await get(`${c.base}/${id}`, viewer);
      expect(res.statusCode).toBe(200);
      const result = res.json().result;
      expect(result).toMatchObject({ [c.idField]: id, view: 'public', [c.nameEn]: saved[c.nameEn], [c.nameMr]: saved[c.nameMr] });
      expect(result.officeName).toBe('ग्रामपंचायत कार्यालय');
      expect(result.createdByUserId).toBeUndefined();
      // UUIDs are left out (the record's, and a marriage's photo file names): a UUID's last group is
      // twelve digits now and then (about 1 in 280 each). So is the record's fingerprint (SHA-256 hex,
      // issue 31): 64 hex characters hold a run of exactly twelve digits about once in 37.
      expect(result.recordFingerprint).toMatch(/^[0-9a-f]{64}$/);
      const scanned = res.body
        .replace(result.recordFingerprint, '')
        .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, '')
        .replace(/[0-9a-f]{32}\.(jpg|webp|png)/g, ''); // uploaded files' random names (lib/uploads.ts)
      expect(fullAadhaars(scanned)).toEqual([]);
      for (const f of c.publicAadhaar) expect(result[f]).toBe(`XXXX XXXX ${String(saved[f]).slice(-4)}`);
    }
  });

  it('reads the full record for the owning council, as the edit form needs it', async () => {
    const council = await createCouncil(t.app);
    const saved = await createValid(t.app, council, c);
    const res = await get(`${c.base}/${saved[c.idField]}`, council);
    expect(res.statusCode).toBe(200);
    const { view, officeName, officeNameEnglish, recordFingerprint, signedBy, ...record } = res.json().result;
    expect(view).toBe('full');
    // What its signed PDF carries (issue 31): no PDF yet, so no key has signed for the council.
    expect(recordFingerprint).toMatch(/^[0-9a-f]{64}$/);
    expect(signedBy).toBeNull();
    expect(officeNameEnglish).toBe('Gram Panchayat Office');
    expect(officeName).toBeTruthy();
    expect(record).toEqual(saved);
    expect(fullAadhaars(res.body).length).toBeGreaterThan(0);
  });

  it('updates its own record: fields sent change, the others are kept, the id stays', async () => {
    const council = await createCouncil(t.app);
    const saved = await createValid(t.app, council, c);
    const id = saved[c.idField] as string;
    const res = await send(t.app, council, c, { [c.nameEn]: 'Renamed Person', [c.nameMr]: 'नवीन नाव', [c.idField]: MISSING_ID }, { id });
    expect(res.statusCode).toBe(200);
    const updated = res.json().result;
    expect(updated).toMatchObject({ [c.idField]: id, [c.nameEn]: 'Renamed Person', [c.nameMr]: 'नवीन नाव' });
    const { updatedAt: _a, [c.nameEn]: _b, [c.nameMr]: _c, version, ...rest } = updated;
    const { updatedAt: _d, [c.nameEn]: _e, [c.nameMr]: _f, version: versionBefore, ...before } = saved;
    expect(rest).toEqual(before);
    expect(version).toBe((versionBefore as number) + 1);
    expect((await get(`${c.base}/${id}`, council)).json().result[c.nameEn]).toBe('Renamed Person');
  });

  it("refuses another council's update and PDF, and changes nothing", async () => {
    const owner = await createCouncil(t.app);
    const other = await createCouncil(t.app);
    const saved = await createValid(t.app, owner, c);
    const id = saved[c.idField] as string;
    const res = await send(t.app, other, c, { [c.nameEn]: 'Hijacked' }, { id });
    // The answer for a certificate that does not exist: no id tells a council of another's records.
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ isSuccess: false, message: `No ${c.kind} certificate with this id.`, result: null });
    expect((await get(c.pdfUrl(id), other)).statusCode).toBe(404);
    expect((await send(t.app, undefined, c, { [c.nameEn]: 'Hijacked' }, { id })).statusCode).toBe(401);
    expect((await get(c.pdfUrl(id))).statusCode).toBe(401);
    const after = (await get(`${c.base}/${id}`, owner)).json().result;
    expect(after[c.nameEn]).toBe(saved[c.nameEn]);
    expect(after.updatedAt).toBe(saved.updatedAt);
  });

  it('answers 404 for an unknown id and for a malformed one, on read, update and PDF', async () => {
    const council = await createCouncil(t.app);
    for (const id of [MISSING_ID, 'not-a-uuid', '12', "1' OR '1'='1"]) {
      const path = encodeURIComponent(id);
      for (const res of [
        await get(`${c.base}/${path}`),
        await get(`${c.base}/${path}`, council),
        await send(t.app, council, c, { [c.nameEn]: 'x' }, { id: path }),
        await get(c.pdfUrl(path), council),
      ]) {
        expect(res.statusCode, `${id}: ${res.body}`).toBe(404);
        expect(res.json()).toMatchObject({ isSuccess: false, result: null });
      }
    }
  });

  it('makes an A4 PDF whose text holds the exact names and whose QR code opens the public page', async () => {
    const council = await createCouncil(t.app);
    const saved = await createValid(t.app, council, c);
    const id = saved[c.idField] as string;
    const res = await get(c.pdfUrl(id), council);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const fileStem = `${{ birth: 'Birth', death: 'Death', residence: 'Residence', marriage: 'Marriage' }[c.kind]}Certificate_`;
    expect(res.headers['content-disposition']).toMatch(
      new RegExp(`^attachment; filename="${fileStem}[A-Za-z_]+\\.pdf"; filename\\*=UTF-8''${fileStem}`),
    );
    const pdf = res.rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdfFacts(pdf)).toMatchObject({ pages: 1, pageSize: expect.stringContaining('(A4)') });

    const text = pdfText(pdf);
    expect(text).toContain(saved[c.nameEn]);
    expect(text).toContain(saved[c.nameMr]);
    expect(text).toContain('ग्रामपंचायत कार्यालय');
    // Aadhaar on paper: masked (Aadhaar Act s. 29(4)).
    expect(fullAadhaars(text)).toEqual([]);
    expect(pdfQr(pdf)).toBe(`http://portal.test/${c.kind}qr/${id}`);
  });

  // The PDF, the QR page and a list page read the record in plain SQL, on either database: every
  // column must come as Prisma gives it, timestamps and dates included, in a time zone other than UTC.
  it('reads a record in plain SQL exactly as Prisma reads it, by id and as a list page', async () => {
    expect(plainReaderOf(t.app.db)).toBeDefined();
    const council = await createCouncil(t.app);
    const saved = await createValid(t.app, council, c);
    const id = saved[c.idField] as string;
    const kind = KINDS.find((k) => k.kind === c.kind)!;
    const zone = process.env.TZ;
    process.env.TZ = 'Asia/Kolkata';
    try {
      const plain = await findRow(t.app.db, kind, id);
      const prisma = await (t.app.db[kind.model] as unknown as { findUnique(a: object): Promise<unknown> }).findUnique({
        where: { [c.idField]: id },
      });
      expect(plain).toStrictEqual(prisma);
      expect(await certificateRows(t.app.db, kind, [id])).toStrictEqual([prisma]);
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });
});

describe('certificate PDF header', () => {
  it("prints the office, block and district of the council's site profile in both languages", async () => {
    const council = await createCouncil(t.app);
    await t.app.db.siteProfile.create({
      data: {
        createdByUserId: council.userId,
        officeName: 'ग्रामपंचायत कार्यालय पिंपळगाव बसवंत',
        officeNameEnglish: 'Gram Panchayat Office Pimpalgaon Baswant',
        block: 'निफाड',
        blockEnglish: 'Niphad',
        district: 'नाशिक',
        districtEnglish: 'Nashik',
      },
    });
    const c = KIND_CASES[0];
    const saved = await createValid(t.app, council, c);
    const text = pdfText((await get(c.pdfUrl(saved[c.idField] as string), council)).rawPayload);
    for (const s of [
      'ग्रामपंचायत कार्यालय पिंपळगाव बसवंत',
      'Gram Panchayat Office Pimpalgaon Baswant',
      'ता. निफाड, जि. नाशिक',
      'Tal. Niphad, Dist. Nashik',
    ])
      expect(text).toContain(s);
    const pub = (await get(`${c.base}/${saved[c.idField]}`)).json().result;
    expect(pub).toMatchObject({
      officeName: 'ग्रामपंचायत कार्यालय पिंपळगाव बसवंत',
      officeNameEnglish: 'Gram Panchayat Office Pimpalgaon Baswant',
    });
  });

  it('leaves out the placeholder taluka and district of a profile nobody has edited', async () => {
    const council = await createCouncil(t.app);
    await injectAs(t.app, council, { method: 'GET', url: '/api/Site/profile/mine' });
    const c = KIND_CASES[2];
    const saved = await createValid(t.app, council, c);
    const text = pdfText((await get(c.pdfUrl(saved[c.idField] as string), council)).rawPayload);
    expect(text).toContain('Gram Panchayat Office');
    expect(text).not.toContain('आपला तालुका');
    expect(text).not.toContain('Your district');
  });
});
