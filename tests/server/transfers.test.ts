// Ferfar: a transfer makes the new owner the active one and keeps the old record, numbers run per
// council without gaps under concurrent submits, and lookups stay inside the council of the token.
import { describe, expect, it } from 'vitest';
import { useTestApp, createCouncil, injectAs, type TestCouncil } from '../helpers/app.ts';

const t = useTestApp();

const register = (c: TestCouncil, malmattaNo: string, owner = 'रमेश गणपत पाटील') =>
  injectAs(t.app, c, {
    method: 'POST',
    url: '/api/GrampanchayatImport/register-owner-property',
    payload: {
      malmattaNo,
      malkacheNav: owner,
      bhogwatdarakNav: 'स्वतः',
      mobileNo: '9876543210',
      gatNo: '45',
      citySurveyNo: '102',
      areaSqm: '40',
    },
  });
const form = (malmattaNo: string, extra: Record<string, unknown> = {}) => ({
  malmatta_no: malmattaNo,
  ferfar_karan: 'खरेदीखत',
  sadya_malakache_nav: 'रमेश गणपत पाटील',
  bhogwatadharak_nav: 'स्वतः',
  navin_malakache_nav: 'सुरेश रामचंद्र जाधव',
  varasache_nav: '',
  ferfar_date: '2026-04-15',
  reference_no: 'दस्त क्र. 1234/2026',
  note: '',
  ...extra,
});
const add = (c: TestCouncil, body: object) => injectAs(t.app, c, { method: 'POST', url: '/api/PropertyTransfer/add', payload: body });
const byNumber = (c: TestCouncil, n: number | string, extra = '') =>
  injectAs(t.app, c, { method: 'GET', url: `/api/PropertyTransfer/get-by-ferfar?ferfarNumber=${n}${extra}` });

describe('recording a transfer', () => {
  it('makes the new owner active, keeps the old one replaced and linked, and numbers the ferfar', async () => {
    const c = await createCouncil(t.app);
    const { ownerId: oldOwner } = (await register(c, '१२/अ')).json().result;
    const res = await add(c, form('12/अ'));
    expect(res.statusCode).toBe(201);
    expect(res.json().result).toMatchObject({
      ferfarNumber: 1,
      malmattaNo: '१२/अ',
      ferfarKaran: 'खरेदीखत',
      ferfarDate: '2026-04-15',
      sadyaMalakacheNav: 'रमेश गणपत पाटील',
      bhogwatdarakachNav: 'स्वतः',
      navinMalakacheNav: 'सुरेश रामचंद्र जाधव',
      varasacheNav: 'NO',
      referenceNo: 'दस्त क्र. 1234/2026',
      note: '',
    });
    const current = (
      await injectAs(t.app, c, { method: 'GET', url: `/api/Properties/paged?searchMalmatta=${encodeURIComponent('१२/अ')}` })
    ).json().result.rows[0];
    expect(current.malkacheNav).toBe('सुरेश रामचंद्र जाधव');
    expect(current.ownerId).not.toBe(oldOwner);

    const history = (
      await injectAs(t.app, c, { method: 'GET', url: `/api/PropertyTransfer/history?malmattaNo=${encodeURIComponent('12/अ')}` })
    ).json().result;
    expect(
      history.owners.map((o: { malkacheNav: string; isActive: boolean; reason: string; ferfarNumber: number | null }) => [
        o.malkacheNav,
        o.isActive,
        o.reason,
        o.ferfarNumber,
      ]),
    ).toEqual([
      ['सुरेश रामचंद्र जाधव', true, 'transfer', 1],
      ['रमेश गणपत पाटील', false, 'new', null],
    ]);
    expect(history.transfers).toHaveLength(1);
    const owners = await t.app.db.owner.findMany({ where: { propertyId: current.propertyId }, orderBy: { ownerId: 'asc' } });
    expect(owners[1].previousOwnerId).toBe(owners[0].ownerId);

    expect((await byNumber(c, 1)).json().result).toMatchObject({ ferfarNumber: 1, navinMalakacheNav: 'सुरेश रामचंद्र जाधव' });
  });

  it('keeps the heir’s name when given, and trims every value', async () => {
    const c = await createCouncil(t.app);
    await register(c, '7');
    const res = await add(c, form('  7 ', { ferfar_karan: ' वारस नोंद ', varasache_nav: '  सुरेश रामचंद्र जाधव ', note: ' वडिलांच्या मृत्यूनंतर ' }));
    expect(res.json().result).toMatchObject({ ferfarKaran: 'वारस नोंद', varasacheNav: 'सुरेश रामचंद्र जाधव', note: 'वडिलांच्या मृत्यूनंतर' });
  });

  it("keeps the new owner's mobile (navin_malakache_mobile) as the owner's mobileNo; a wrong one is refused, none leaves it empty", async () => {
    const c = await createCouncil(t.app);
    await register(c, '21');
    await register(c, '22');
    const activeOwner = async (malmattaNo: string) =>
      (await injectAs(t.app, c, { method: 'GET', url: `/api/Properties/paged?searchMalmatta=${malmattaNo}` })).json().result.rows[0];
    const bad = await add(c, form('21', { navin_malakache_mobile: '12345' }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('New Owner Mobile must be a 10-digit mobile number');
    expect((await activeOwner('21')).malkacheNav).toBe('रमेश गणपत पाटील');

    expect((await add(c, form('21', { navin_malakache_mobile: ' +91 98765-43211 ' }))).statusCode).toBe(201);
    expect(await activeOwner('21')).toMatchObject({ malkacheNav: 'सुरेश रामचंद्र जाधव', mobileNo: '9876543211' });
    // Without one the new owner has none (not the seller's).
    expect((await add(c, form('22'))).statusCode).toBe(201);
    expect((await activeOwner('22')).mobileNo).toBe('');
  });

  it('answers "{label} is required." for each required field, and writes nothing', async () => {
    const c = await createCouncil(t.app);
    await register(c, '8');
    const labels: [string, string][] = [
      ['malmatta_no', 'Malmatta Number'],
      ['ferfar_karan', 'Transfer Reason'],
      ['sadya_malakache_nav', 'Current Owner Name'],
      ['bhogwatadharak_nav', 'Bhogwatadharak Name'],
      ['navin_malakache_nav', 'New Owner Name'],
      ['ferfar_date', 'Transfer Date'],
      ['reference_no', 'Reference Number'],
    ];
    for (const [field, label] of labels) {
      const res = await add(c, form('8', { [field]: '   ' }));
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(`${label} is required.`);
    }
    expect((await add(c, form('8', { ferfar_date: '2099-01-01' }))).json().message).toBe('Transfer Date must not be in the future.');
    expect((await add(c, form('8', { ferfar_date: '2026-02-30' }))).statusCode).toBe(400);
    expect((await add(c, form('999'))).json().message).toMatch(/^Malmatta Number 999 is not in this council's register/);
    expect((await byNumber(c, 1)).statusCode).toBe(404);
  });

  it('refuses a form that names someone other than the current owner (409), e.g. after another transfer', async () => {
    const c = await createCouncil(t.app);
    await register(c, '9');
    expect((await add(c, form('9'))).statusCode).toBe(201);
    const stale = await add(c, form('9', { navin_malakache_nav: 'तिसरा मालक' }));
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toContain('सुरेश रामचंद्र जाधव');
  });

  it('numbers concurrent transfers 1, 2, 3… without gaps or repeats; two at one property: one wins', async () => {
    const c = await createCouncil(t.app);
    const N = 20;
    for (let i = 1; i <= N; i++) expect((await register(c, `${100 + i}`)).statusCode).toBe(201);
    const answers = await Promise.all([
      ...Array.from({ length: N }, (_, i) => add(c, form(`${101 + i}`))),
      add(c, form('101', { navin_malakache_nav: 'दुसरा खरेदीदार' })),
    ]);
    const ok = answers.filter((a) => a.statusCode === 201);
    expect(ok).toHaveLength(N);
    expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(1);
    expect(ok.map((a) => a.json().result.ferfarNumber).sort((a, b) => a - b)).toEqual(Array.from({ length: N }, (_, i) => i + 1));
    const active = await t.app.db.owner.count({ where: { createdByUserId: c.userId, isActive: true } });
    expect(active).toBe(N);
  }, 120_000);

  it('keeps each council’s numbers and records to itself', async () => {
    const a = await createCouncil(t.app);
    const b = await createCouncil(t.app);
    await register(a, '5');
    await register(b, '5');
    expect((await add(a, form('5'))).json().result.ferfarNumber).toBe(1);
    expect((await add(b, form('5'))).json().result.ferfarNumber).toBe(1);
    expect((await byNumber(b, 1, `&createdByUserId=${a.userId}`)).statusCode).toBe(404);
    const mine = await byNumber(b, 1);
    expect(mine.json().result.malmattaNo).toBe('5');
    // b cannot transfer a's property: a number only in a's register is unknown to b.
    await register(a, '6');
    expect((await add(b, form('6'))).statusCode).toBe(400);
    expect((await byNumber(a, 'abc')).statusCode).toBe(400);
  });
});
