// The certificate list's search and paging in SQL: 1-2 letter terms match the start of any word
// of a name, longer ones anywhere; every page (also those read from the far end) is in the same
// newest-first order; counts of a search stop at 10,000 and say so.
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp, createCouncil, injectAs, type TestCouncil } from '../helpers/app.ts';

const t = useTestApp();

const LIST = '/api/BirthCertificate/paged';
const day = (iso: string) => new Date(`${iso}T00:00:00Z`);

/** Births of one council named as given, the i-th a minute newer than the one before. */
async function seedBirths(council: TestCouncil, names: [string, string][]) {
  const start = Date.UTC(2024, 0, 1);
  await t.app.db.birthCertificate.createMany({
    data: names.map(([english, marathi], i) => ({
      createdByUserId: council.userId,
      createdAt: new Date(start + i * 60_000),
      serialNo: i + 1,
      registrationNo: `B-${i + 1}`,
      registrationDate: day('2024-01-10'),
      birthDate: day('2024-01-01'),
      childFullNameEnglish: english,
      childFullNameMarathi: marathi,
      gender: 'Male',
    })),
  });
}

async function list(council: TestCouncil, query: string) {
  const res = await injectAs(t.app, council, { method: 'GET', url: `${LIST}?${query}` });
  expect(res.statusCode).toBe(200);
  return res.json().result as {
    items: { registrationNo: string; childFullNameEnglish: string }[];
    totalCount: number;
    totalPages: number;
    totalCapped: boolean;
  };
}

const found = async (council: TestCouncil, term: string) =>
  (await list(council, `pageSize=100&nameFilter=${encodeURIComponent(term)}`)).items.map((i) => i.childFullNameEnglish).sort();

describe('certificate list search', () => {
  let council: TestCouncil;
  beforeAll(async () => {
    council = await createCouncil(t.app);
    await seedBirths(council, [
      ['Aarav Patil', 'आरव पाटील'],
      ['Sneha Rahul Sharma', 'स्नेहा राहुल शर्मा'],
      ['Rohit Kale', 'रोहित काळे'],
      ['Priya Deshpande', 'प्रिया देशपांडे'],
    ]);
    // Another council's Patil is never found by this one.
    await seedBirths(await createCouncil(t.app), [['Ajay Patil', 'अजय पाटील']]);
  });

  it('matches 1-2 letters at the start of any word, in either script and any case', async () => {
    expect(await found(council, 'पा')).toEqual(['Aarav Patil']);
    expect(await found(council, 'RA')).toEqual(['Sneha Rahul Sharma']);
    expect(await found(council, 'r')).toEqual(['Rohit Kale', 'Sneha Rahul Sharma']);
    expect(await found(council, 'प्')).toEqual(['Priya Deshpande']);
  });

  it('does not match 1-2 letters inside a word', async () => {
    expect(await found(council, 'ti')).toEqual([]);
    expect(await found(council, 'हु')).toEqual([]);
  });

  it('matches 3 or more letters anywhere in a name, with typed % and _ taken as themselves', async () => {
    expect(await found(council, 'patil')).toEqual(['Aarav Patil']);
    expect(await found(council, 'esh')).toEqual(['Priya Deshpande']);
    expect(await found(council, 'राहुल शर्मा')).toEqual(['Sneha Rahul Sharma']);
    expect(await found(council, 'a%l')).toEqual([]);
    expect(await found(council, '___')).toEqual([]);
    // A name's end and the next name's start are not one text.
    expect(await found(council, 'patil आरव')).toEqual([]);
  });
});

describe('certificate list search as names change', () => {
  it('finds names as written, renamed, moved and removed, each certificate once', async () => {
    const council = await createCouncil(t.app);
    const other = await createCouncil(t.app);
    await seedBirths(council, [
      ['Shreya Shinde', 'श्रेया शिंदे'],
      ['Rohit Kale', 'रोहित काळे'],
    ]);
    const short = async (c: TestCouncil, term: string) => {
      const page = await list(c, `pageSize=100&nameFilter=${encodeURIComponent(term)}`);
      expect(page.totalCount).toBe(page.items.length);
      return page.items.map((i) => i.childFullNameEnglish).sort();
    };
    // Two words starting "sh": one match.
    expect(await short(council, 'sh')).toEqual(['Shreya Shinde']);
    const births = t.app.db.birthCertificate;
    // An edit that leaves the names alone leaves the search alone.
    await births.updateMany({ where: { createdByUserId: council.userId }, data: { gender: 'Female' } });
    expect(await short(council, 'sh')).toEqual(['Shreya Shinde']);
    await births.updateMany({
      where: { createdByUserId: council.userId, childFullNameEnglish: 'Rohit Kale' },
      data: { childFullNameEnglish: 'Rohit Shelke', childFullNameMarathi: 'रोहित शेळके' },
    });
    expect(await short(council, 'sh')).toEqual(['Rohit Shelke', 'Shreya Shinde']);
    expect(await short(council, 'ka')).toEqual([]);
    expect(await short(council, 'शे')).toEqual(['Rohit Shelke']);
    expect(await short(council, 'kale')).toEqual([]);
    expect(await short(council, 'shelke')).toEqual(['Rohit Shelke']);
    await births.updateMany({
      where: { createdByUserId: council.userId, childFullNameEnglish: 'Shreya Shinde' },
      data: { createdByUserId: other.userId },
    });
    expect(await short(council, 'sh')).toEqual(['Rohit Shelke']);
    expect(await short(other, 'sh')).toEqual(['Shreya Shinde']);
    await t.app.db.$executeRaw`DELETE FROM "BirthCertificate" WHERE "createdByUserId" = ${council.userId}`;
    expect(await short(council, 'r')).toEqual([]);
    expect(await short(other, 'श्')).toEqual(['Shreya Shinde']);
    expect(await short(council, 'rohit')).toEqual([]);
    expect(await short(other, 'shinde')).toEqual(['Shreya Shinde']);
  });

  it("finds a marriage by the start of the bride's or the groom's name", async () => {
    const council = await createCouncil(t.app);
    const names = (husband: string, wife: string) => ({
      createdByUserId: council.userId,
      husbandNameEnglish: husband,
      husbandNameMarathi: 'वर',
      husbandFatherNameEnglish: 'Father',
      husbandFatherNameMarathi: 'वडील',
      wifeNameEnglish: wife,
      wifeNameMarathi: 'वधू',
      wifeFatherNameEnglish: 'Father',
      wifeFatherNameMarathi: 'वडील',
      officiantNameMarathi: 'पुरोहित',
    });
    await t.app.db.marriageCertificate.createMany({
      data: [names('Rohit Deshmukh', 'Sneha Gaikwad'), names('Omkar Patil', 'Gauri Deshpande')],
    });
    const res = await injectAs(t.app, council, { method: 'GET', url: '/api/MarriageCertificate/paged?pageSize=10&nameFilter=de' });
    expect(
      res
        .json()
        .result.items.map((i: { husbandNameEnglish: string }) => i.husbandNameEnglish)
        .sort(),
    ).toEqual(['Omkar Patil', 'Rohit Deshmukh']);
    const ga = await injectAs(t.app, council, { method: 'GET', url: '/api/MarriageCertificate/paged?pageSize=10&nameFilter=ga' });
    expect(ga.json().result).toMatchObject({ totalCount: 2, totalCapped: false });
    const wife = await injectAs(t.app, council, { method: 'GET', url: '/api/MarriageCertificate/paged?pageSize=10&nameFilter=gaikwad' });
    expect(wife.json().result.items.map((i: { husbandNameEnglish: string }) => i.husbandNameEnglish)).toEqual(['Rohit Deshmukh']);
  });
});

describe('certificate list paging', () => {
  it('gives every page in newest-first order, the far pages read from the other end', async () => {
    const council = await createCouncil(t.app);
    const names = Array.from({ length: 25 }, (_, i): [string, string] => [`Child ${i + 1}`, `मूल ${i + 1}`]);
    await seedBirths(council, names);
    const all = (await list(council, 'pageSize=100')).items.map((i) => i.registrationNo);
    expect(all).toEqual(Array.from({ length: 25 }, (_, i) => `B-${25 - i}`));

    const pages: string[] = [];
    for (let p = 1; p <= 7; p++) {
      const page = await list(council, `pageNumber=${p}&pageSize=4`);
      expect(page).toMatchObject({ totalCount: 25, totalPages: 7, totalCapped: false });
      expect(page.items.length).toBe(p < 7 ? 4 : 1);
      pages.push(...page.items.map((i) => i.registrationNo));
    }
    expect(pages).toEqual(all);
    expect((await list(council, 'pageNumber=8&pageSize=4')).items).toEqual([]);
  });

  it('counts a search up to 10,000 and says the count is capped', async () => {
    const council = await createCouncil(t.app);
    // One statement: 10,050 rows through createMany take several times longer on the embedded database.
    await t.app.db.$executeRaw`
      INSERT INTO "BirthCertificate" ("birthCertificatesId", "createdByUserId", "createdAt", "serialNo", "registrationNo",
        "registrationDate", "birthDate", "childFullNameEnglish", "childFullNameMarathi", "gender", "updatedAt")
      SELECT gen_random_uuid(), ${council.userId}, timestamp '2024-01-01' + i * interval '1 minute', i + 1, 'B-' || (i + 1),
        date '2024-01-10', date '2024-01-01', 'Omkar Jadhav ' || i, 'ओंकार जाधव', 'Male', now()
      FROM generate_series(0, 10049) AS i`;
    const page = await list(council, 'pageSize=10&nameFilter=jadhav');
    expect(page).toMatchObject({ totalCount: 10_000, totalPages: 1_000, totalCapped: true });
    expect(page.items.map((i) => i.childFullNameEnglish)).toEqual(Array.from({ length: 10 }, (_, i) => `Omkar Jadhav ${10_049 - i}`));
    // A 1-2 letter term past the cap: every page from the word starts' key, in list order.
    for (const [pageNumber, newest] of [
      [1, 10_049],
      [3, 10_029],
      [1_000, 59],
    ]) {
      const short = await list(council, `pageNumber=${pageNumber}&pageSize=10&nameFilter=ja`);
      expect(short).toMatchObject({ totalCount: 10_000, totalPages: 1_000, totalCapped: true });
      expect(short.items.map((i) => i.childFullNameEnglish)).toEqual(Array.from({ length: 10 }, (_, i) => `Omkar Jadhav ${newest - i}`));
    }
    // Without a search the count is exact, so the last page can be found.
    const whole = await list(council, 'pageSize=10');
    expect(whole).toMatchObject({ totalCount: 10_050, totalPages: 1_005, totalCapped: false });
    const last = await list(council, 'pageNumber=1005&pageSize=10');
    expect(last.items.map((i) => i.childFullNameEnglish)).toEqual(Array.from({ length: 10 }, (_, i) => `Omkar Jadhav ${9 - i}`));
  });

  it('counts the whole list exactly as rows are written, moved and removed, by any statement', async () => {
    const council = await createCouncil(t.app);
    const other = await createCouncil(t.app);
    const total = async (c: TestCouncil) => (await list(c, 'pageSize=10')).totalCount;
    await seedBirths(council, [
      ['Asha One', 'आशा एक'],
      ['Asha Two', 'आशा दोन'],
      ['Asha Three', 'आशा तीन'],
    ]);
    expect(await total(council)).toBe(3);
    await t.app.db.birthCertificate.updateMany({
      where: { createdByUserId: council.userId, childFullNameEnglish: 'Asha Two' },
      data: { createdByUserId: other.userId },
    });
    expect([await total(council), await total(other)]).toEqual([2, 1]);
    await t.app.db.$executeRaw`DELETE FROM "BirthCertificate" WHERE "createdByUserId" = ${council.userId}`;
    expect([await total(council), await total(other)]).toEqual([0, 1]);
    const last = await list(other, 'pageSize=10');
    expect(last.items.map((i) => i.childFullNameEnglish)).toEqual(['Asha Two']);
  });
});
