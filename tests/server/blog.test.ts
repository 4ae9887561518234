// /api/Blog: home page news, public reads and council-scoped writes.
import { describe, expect, it } from 'vitest';
import { useTestApp, createCouncil, injectAs, type TestCouncil } from '../helpers/app.ts';

const t = useTestApp();

const MARATHI = 'ग्रामसभा दिनांक १५ ऑगस्ट रोजी सकाळी ११ वाजता';
const post = (c: TestCouncil | undefined, payload: object) => injectAs(t.app, c, { method: 'POST', url: '/api/Blog', payload });
const list = (userId: number, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: `/api/Blog/by-user/${userId}`, headers });

describe('news items', () => {
  it('creates with a staff token (201), then anyone reads it without a token, Marathi exactly', async () => {
    const c = await createCouncil(t.app);
    const res = await post(c, {
      blogTitle: `  ${MARATHI}  `,
      blogContent: `${MARATHI}. सर्व ग्रामस्थांनी उपस्थित राहावे.`,
      createdByUserId: c.userId,
      eventDate: '2025-08-15',
    });
    expect(res.statusCode).toBe(201);
    const item = res.json().result;
    expect(item).toMatchObject({ blogTitle: MARATHI, createdByUserId: c.userId, eventDate: '2025-08-15T00:00:00.000Z' });
    expect(item.blogId).toBeGreaterThan(0);

    const read = await list(c.userId);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ isSuccess: true });
    expect(read.json().result).toEqual([item]);
    expect(read.json().result[0].blogContent).toBe(`${MARATHI}. सर्व ग्रामस्थांनी उपस्थित राहावे.`);
  });

  it('accepts a bearer token on the public read, and an invalid one too', async () => {
    const c = await createCouncil(t.app);
    expect((await list(c.userId, c.auth)).statusCode).toBe(200);
    expect((await list(c.userId, { authorization: 'Bearer not.a.token' })).statusCode).toBe(200);
  });

  it('lists newest event first, whatever the order of creation', async () => {
    const c = await createCouncil(t.app);
    for (const d of ['2025-01-26', '2025-08-15T10:30:00+05:30', '2024-10-02', '2025-05-01T00:00:00Z'])
      expect((await post(c, { blogTitle: d, blogContent: 'x', eventDate: d })).statusCode).toBe(201);
    const dates = (await list(c.userId)).json().result.map((i: { eventDate: string }) => i.eventDate);
    expect(dates).toEqual(['2025-08-15T05:00:00.000Z', '2025-05-01T00:00:00.000Z', '2025-01-26T00:00:00.000Z', '2024-10-02T00:00:00.000Z']);
  });

  it('refuses writes without a token', async () => {
    const res = await post(undefined, { blogTitle: 'a', blogContent: 'b', eventDate: '2025-01-01' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ isSuccess: false, result: null });
  });

  it("gives the token's council the item even when createdByUserId names another", async () => {
    const mine = await createCouncil(t.app);
    const other = await createCouncil(t.app);
    const res = await post(mine, { blogTitle: 'a', blogContent: 'b', eventDate: '2025-01-01', createdByUserId: other.userId });
    expect(res.json().result.createdByUserId).toBe(mine.userId);
    expect((await list(other.userId)).json().result).toEqual([]);
  });

  it('names the missing or empty field in a 400', async () => {
    const c = await createCouncil(t.app);
    const cases: [object, RegExp][] = [
      [{ blogContent: 'b', eventDate: '2025-01-01' }, /^blogTitle: is required/],
      [{ blogTitle: '   ', blogContent: 'b', eventDate: '2025-01-01' }, /^blogTitle: must not be empty/],
      [{ blogTitle: 'a', blogContent: ' \n ', eventDate: '2025-01-01' }, /^blogContent: must not be empty/],
      [{ blogTitle: 'a', blogContent: 'b' }, /^eventDate: is required/],
      [{ blogTitle: 'a', blogContent: 'b', eventDate: '  ' }, /^eventDate: must not be empty/],
      [{ blogTitle: 'a', blogContent: 'b', eventDate: '15/08/2025' }, /^eventDate: must be a date/],
      [{ blogTitle: 'a', blogContent: 'b', eventDate: '2025-02-30' }, /^eventDate: must be a date/],
      [{ blogTitle: 'x'.repeat(301), blogContent: 'b', eventDate: '2025-01-01' }, /^blogTitle: /],
    ];
    for (const [body, message] of cases) {
      const res = await post(c, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    expect((await list(c.userId)).json().result).toEqual([]);
  });

  it('updates and deletes its own items', async () => {
    const c = await createCouncil(t.app);
    const { blogId } = (await post(c, { blogTitle: 'जुने', blogContent: 'जुना मजकूर', eventDate: '2025-01-01' })).json().result;
    const put = await injectAs(t.app, c, {
      method: 'PUT',
      url: `/api/Blog/${blogId}`,
      payload: { blogTitle: MARATHI, blogContent: 'नवा मजकूर', eventDate: '2025-08-15T11:00:00.000Z', createdByUserId: String(c.userId) },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json().result).toEqual({
      blogId,
      blogTitle: MARATHI,
      blogContent: 'नवा मजकूर',
      eventDate: '2025-08-15T11:00:00.000Z',
      createdByUserId: c.userId,
      version: 2,
    });
    const bad = await injectAs(t.app, c, {
      method: 'PUT',
      url: `/api/Blog/${blogId}`,
      payload: { blogTitle: '', blogContent: 'x', eventDate: '2025-01-01' },
    });
    expect(bad.statusCode).toBe(400);
    expect((await list(c.userId)).json().result[0].blogTitle).toBe(MARATHI);

    const del = await injectAs(t.app, c, { method: 'DELETE', url: `/api/Blog/${blogId}` });
    expect(del.statusCode).toBe(200);
    expect(del.json()).toMatchObject({ isSuccess: true, result: { blogId } });
    expect((await list(c.userId)).json().result).toEqual([]);
    expect((await injectAs(t.app, c, { method: 'DELETE', url: `/api/Blog/${blogId}` })).statusCode).toBe(404);
  });

  it("refuses another council's item with 404 and changes nothing", async () => {
    const owner = await createCouncil(t.app);
    const intruder = await createCouncil(t.app);
    const created = (await post(owner, { blogTitle: MARATHI, blogContent: 'मूळ', eventDate: '2025-08-15' })).json().result;
    const put = await injectAs(t.app, intruder, {
      method: 'PUT',
      url: `/api/Blog/${created.blogId}`,
      payload: { blogTitle: 'hacked', blogContent: 'hacked', eventDate: '2025-01-01' },
    });
    expect(put.statusCode).toBe(404);
    expect(put.json()).toMatchObject({ isSuccess: false, result: null });
    expect((await injectAs(t.app, intruder, { method: 'DELETE', url: `/api/Blog/${created.blogId}` })).statusCode).toBe(404);
    expect((await list(owner.userId)).json().result).toEqual([created]);
  });

  it('answers 400 for an id that is not a number', async () => {
    const c = await createCouncil(t.app);
    expect((await list(0)).statusCode).toBe(400);
    expect((await injectAs(t.app, c, { method: 'DELETE', url: '/api/Blog/abc' })).statusCode).toBe(400);
  });
});
