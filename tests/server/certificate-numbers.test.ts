// Registration numbers are unique per council and certificate kind (issue 14 item 3): a duplicate
// answers 409 naming the record that has it, also when two clerks save at once; the form asks for
// the next free number.
import { describe, expect, it } from 'vitest';
import { useTestApp, createCouncil, injectAs } from '../helpers/app.ts';
import { KIND_CASES, createValid, send } from '../helpers/certificates.ts';

const t = useTestApp();

const numberField = (kind: string) => (kind === 'birth' ? 'registrationNo' : 'registrationNumber');

describe.each(KIND_CASES)('$kind registration numbers', (c) => {
  const field = numberField(c.kind);

  it('refuses a second record with the same number in the same council (any letter case) with 409 naming the first', async () => {
    const council = await createCouncil(t.app);
    const first = await createValid(
      t.app,
      council,
      c,
      { [field]: 'abc/2026/0142' },
      { en: 'Sakharam Gopal Jadhav', mr: 'सखाराम गोपाळ जाधव' },
    );
    const again = await send(t.app, council, c, { ...c.valid(), [field]: 'ABC/2026/0142' });
    expect(again.statusCode).toBe(409);
    const body = again.json();
    expect(body).toMatchObject({ isSuccess: false, result: null });
    expect(body.message).toContain('ABC/2026/0142');
    expect(body.message).toContain(String(first[c.nameEn]));
    expect(body.message).toContain('abc/2026/0143');
    const list = await injectAs(t.app, council, { method: 'GET', url: `${c.listUrl}?pageNumber=1&pageSize=50` });
    expect(list.json().result.totalCount).toBe(1);
  });

  it('lets another council use the same number, and an update keep its own number', async () => {
    const a = await createCouncil(t.app);
    const b = await createCouncil(t.app);
    const rec = await createValid(t.app, a, c, { [field]: 'X-1' });
    await createValid(t.app, b, c, { [field]: 'X-1' });
    const res = await send(t.app, a, c, { ...c.valid(), [field]: 'X-1' }, { id: String(rec[c.idField]) });
    expect(res.statusCode).toBe(200);
  });

  it('refuses an update to a number another record of the council has', async () => {
    const council = await createCouncil(t.app);
    await createValid(t.app, council, c, { [field]: 'Y-7' });
    const other = await createValid(t.app, council, c, { [field]: 'Y-8' });
    const res = await send(t.app, council, c, { ...c.valid(), [field]: 'Y-7' }, { id: String(other[c.idField]) });
    expect(res.statusCode).toBe(409);
  });

  it('suggests the latest number plus one, zero padding kept, skipping numbers taken', async () => {
    const council = await createCouncil(t.app);
    const url = `${c.base}/next-number`;
    expect((await injectAs(t.app, council, { method: 'GET', url })).json().result.registrationNumber).toBe('');
    await createValid(t.app, council, c, { [field]: 'JNM/2026/0100' });
    await createValid(t.app, council, c, { [field]: 'JNM/2026/0099' });
    // The latest is 0099; 0100 is taken, so 0101.
    expect((await injectAs(t.app, council, { method: 'GET', url })).json().result.registrationNumber).toBe('JNM/2026/0101');
    expect((await injectAs(t.app, undefined, { method: 'GET', url })).statusCode).toBe(401);
  });
});

describe('the serial number (अनुक्रमांक) a new birth starts from', () => {
  it("suggests the council's highest serial number plus one, 1 for its first, none for other kinds", async () => {
    const birth = KIND_CASES.find((k) => k.kind === 'birth')!;
    const council = await createCouncil(t.app);
    const next = async () => (await injectAs(t.app, council, { method: 'GET', url: `${birth.base}/next-number` })).json().result;
    expect((await next()).serialNo).toBe(1);
    await createValid(t.app, council, birth, { serialNo: 41 });
    await createValid(t.app, council, birth, { serialNo: 7 });
    expect((await next()).serialNo).toBe(42);
    // Another council's numbers are its own.
    expect(
      (await injectAs(t.app, await createCouncil(t.app), { method: 'GET', url: `${birth.base}/next-number` })).json().result.serialNo,
    ).toBe(1);
    const death = KIND_CASES.find((k) => k.kind === 'death')!;
    expect((await injectAs(t.app, council, { method: 'GET', url: `${death.base}/next-number` })).json().result).not.toHaveProperty(
      'serialNo',
    );
  });
});

describe('two clerks saving one number at once', () => {
  it('stores one record and answers the other 409', async () => {
    const c = KIND_CASES.find((k) => k.kind === 'death')!;
    const council = await createCouncil(t.app);
    const results = await Promise.all(
      Array.from({ length: 6 }, () => send(t.app, council, c, { ...c.valid(), registrationNumber: 'RACE-1' })),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, 409, 409, 409, 409, 409]);
  });
});
