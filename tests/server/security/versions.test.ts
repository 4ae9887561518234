// No lost updates (issue 13, item 4): certificates carry a version, reads answer it as the ETag, a
// PUT with a stale If-Match answers 409, and concurrent PUTs of different fields both keep theirs.
import { describe, expect, it } from 'vitest';
import { useTestApp, useCouncil, createCouncil, injectAs } from '../../helpers/app.ts';
import { createValid, KIND_CASES, send } from '../../helpers/certificates.ts';

const t = useTestApp();
const c = useCouncil(t);

for (const k of KIND_CASES) {
  describe(`${k.kind} certificate versions`, () => {
    it('answers the version as the ETag and in the body, and moves it up on a change', async () => {
      const saved = await createValid(t.app, c, k);
      const id = saved[k.idField] as string;
      const read = await injectAs(t.app, c, { method: 'GET', url: `${k.base}/${id}` });
      expect(read.headers.etag).toBe('"1"');
      expect(read.json().result.version).toBe(1);
      const put = await send(t.app, c, k, { [k.nameEn]: 'Changed Name' }, { id });
      expect(put.statusCode).toBe(200);
      expect(put.headers.etag).toBe('"2"');
      expect(put.json().result.version).toBe(2);
    });

    it('refuses a PUT whose If-Match names an older version with 409, changing nothing', async () => {
      const saved = await createValid(t.app, c, k);
      const id = saved[k.idField] as string;
      expect((await send(t.app, c, k, { [k.nameEn]: 'First Clerk' }, { id })).statusCode).toBe(200);
      /** A change of the name sent with this If-Match. */
      const putIfMatch = (name: string, ifMatch: string) =>
        injectAs(t.app, c, { method: 'PUT', url: `${k.base}/${id}`, payload: { [k.nameEn]: name }, headers: { 'if-match': ifMatch } });
      const stale = await putIfMatch('Second Clerk', '"1"');
      expect(stale.statusCode).toBe(409);
      expect(stale.json()).toMatchObject({ isSuccess: false, result: null });
      expect(stale.json().message).toMatch(/Someone else changed this record/);
      const now = (await injectAs(t.app, c, { method: 'GET', url: `${k.base}/${id}` })).json().result;
      expect(now[k.nameEn]).toBe('First Clerk');
      const current = await putIfMatch('Second Clerk', '"2"');
      expect(current.statusCode).toBe(200);
      expect(current.json().result[k.nameEn]).toBe('Second Clerk');
      const bad = await putIfMatch('X', 'yesterday');
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toMatch(/^If-Match:/);
    });
  });
}

describe('concurrent edits without If-Match', () => {
  it('keeps both of two simultaneous changes to different fields, ten times over', async () => {
    const k = KIND_CASES.find((x) => x.kind === 'birth')!;
    for (let trial = 0; trial < 10; trial++) {
      const saved = await createValid(t.app, c, k);
      const id = saved[k.idField] as string;
      const [a, b] = await Promise.all([
        injectAs(t.app, c, { method: 'PUT', url: `${k.base}/${id}`, payload: { childFullNameEnglish: `Renamed ${trial}` } }),
        injectAs(t.app, c, { method: 'PUT', url: `${k.base}/${id}`, payload: { birthPlaceEnglish: `Moved ${trial}` } }),
      ]);
      expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
      const now = (await injectAs(t.app, c, { method: 'GET', url: `${k.base}/${id}` })).json().result;
      expect(now).toMatchObject({ childFullNameEnglish: `Renamed ${trial}`, birthPlaceEnglish: `Moved ${trial}`, version: 3 });
    }
  });

  it('lets exactly one of two simultaneous PUTs with the same If-Match win', async () => {
    const k = KIND_CASES.find((x) => x.kind === 'death')!;
    for (let trial = 0; trial < 5; trial++) {
      const saved = await createValid(t.app, c, k);
      const id = saved[k.idField] as string;
      const put = (field: string, value: string) =>
        injectAs(t.app, c, { method: 'PUT', url: `${k.base}/${id}`, payload: { [field]: value }, headers: { 'if-match': '"1"' } });
      const codes = (await Promise.all([put('deceasedNameEnglish', 'A'), put('placeOfDeathEnglish', 'B')])).map((r) => r.statusCode).sort();
      expect(codes).toEqual([200, 409]);
    }
  });
});

describe('news items and the site profile', () => {
  it('refuses a news item PUT with a stale If-Match, and takes the current one', async () => {
    const body = { blogTitle: 'ग्रामसभा', blogContent: 'सकाळी ११', eventDate: '2026-08-15' };
    const created = await injectAs(t.app, c, { method: 'POST', url: '/api/Blog', payload: body });
    expect(created.headers.etag).toBe('"1"');
    const id = created.json().result.blogId;
    const retitle = (blogTitle: string, ifMatch: string) =>
      injectAs(t.app, c, { method: 'PUT', url: `/api/Blog/${id}`, payload: { ...body, blogTitle }, headers: { 'if-match': ifMatch } });
    const first = await retitle('पहिला', '"1"');
    expect(first.statusCode).toBe(200);
    expect(first.json().result.version).toBe(2);
    const stale = await retitle('दुसरा', '"1"');
    expect(stale.statusCode).toBe(409);
    const list = (await t.app.inject({ method: 'GET', url: `/api/Blog/by-user/${c.userId}` })).json().result;
    expect(list.find((p: { blogId: number }) => p.blogId === id)).toMatchObject({ blogTitle: 'पहिला', version: 2 });
    // Another council's item stays "not found", not "changed".
    const other = await createCouncil(t.app);
    expect(
      (await injectAs(t.app, other, { method: 'PUT', url: `/api/Blog/${id}`, payload: body, headers: { 'if-match': '"2"' } })).statusCode,
    ).toBe(404);
  });

  it('refuses a site profile save with a stale If-Match, including two first saves of a never-saved profile', async () => {
    const council = await createCouncil(t.app);
    const mine = await injectAs(t.app, council, { method: 'GET', url: '/api/Site/profile/mine' });
    expect(mine.headers.etag).toBe('"0"');
    const { createdByUserId: _c, updatedAt: _u, ...body } = mine.json().result;
    const save = (officeName: string, etag: string) =>
      injectAs(t.app, council, {
        method: 'PUT',
        url: '/api/Site/profile',
        payload: { ...body, officeName },
        headers: { 'if-match': etag },
      });
    const [a, b] = await Promise.all([save('कार्यालय अ', '"0"'), save('कार्यालय ब', '"0"')]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const winner = a.statusCode === 200 ? a : b;
    expect(winner.headers.etag).toBe('"1"');
    expect((await save('कार्यालय क', '"0"')).statusCode).toBe(409);
    const next = await save('कार्यालय क', '"1"');
    expect(next.statusCode).toBe(200);
    expect(next.json().result).toMatchObject({ officeName: 'कार्यालय क', version: 2 });
  });
});
