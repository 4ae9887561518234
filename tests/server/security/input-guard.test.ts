// Bad input answers a 4xx envelope, never a 500 (issue 13, items 6-9 and 11).
import { describe, expect, it } from 'vitest';
import http from 'node:http';
import { useTestApp, useCouncil, injectAs } from '../../helpers/app.ts';
import { multipart } from '../../helpers/multipart.ts';
import { photo } from '../../helpers/certificate-records.ts';
import { trimStrings } from '../../../server/lib/trim.ts';

const t = useTestApp();
const c = useCouncil(t);

const envelope4xx = (res: { statusCode: number; json: () => unknown }, status?: number) => {
  if (status) expect(res.statusCode).toBe(status);
  else {
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
  }
  expect(res.json()).toMatchObject({ isSuccess: false, result: null });
  return (res.json() as { message: string }).message;
};

describe('deeply nested JSON', () => {
  const deep = (levels: number) => '['.repeat(levels) + ']'.repeat(levels);

  it('refuses 100,000 levels on the login and on a staff route with 400', async () => {
    for (const url of ['/api/User/login', '/api/Blog']) {
      const res = await t.app.inject({
        method: 'POST',
        url,
        payload: `{"username":${deep(100_000)}}`,
        headers: { 'content-type': 'application/json', ...c.auth },
      });
      expect(envelope4xx(res, 400), url).toMatch(/nested too deeply/);
    }
  });

  it('accepts 32 levels and refuses 33', async () => {
    const nest = (levels: number) => `{"username":"a","password":"b","x":${deep(levels - 1)}}`;
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/User/login',
      payload: nest(32),
      headers: { 'content-type': 'application/json' },
    });
    expect(ok.json().message).not.toMatch(/nested/);
    const tooDeep = await t.app.inject({
      method: 'POST',
      url: '/api/User/login',
      payload: nest(33),
      headers: { 'content-type': 'application/json' },
    });
    expect(envelope4xx(tooDeep, 400)).toMatch(/nested too deeply/);
  });

  it('counts brackets inside strings as text', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/User/login', payload: { username: '['.repeat(100), password: 'x' } });
    expect(res.json().message).not.toMatch(/nested/);
  });

  it('trims without recursion', () => {
    let v: unknown = ' x ';
    for (let i = 0; i < 100_000; i++) v = [v];
    let inner = trimStrings(v);
    for (let i = 0; i < 100_000; i++) inner = (inner as unknown[])[0];
    expect(inner).toBe('x');
  });
});

describe('control characters', () => {
  it('refuses NUL in a login name, a certificate name and a search with 400 naming the field', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/User/login',
      payload: { username: 'ad\u0000min', password: 'Secret-pass1' },
    });
    expect(envelope4xx(login, 400)).toMatch(/^username: must not contain control characters/);
    const search = await injectAs(t.app, c, { method: 'GET', url: '/api/BirthCertificate/paged?pageNumber=1&pageSize=10&nameFilter=%00' });
    expect(envelope4xx(search, 400)).toMatch(/^nameFilter: must not contain control characters/);
    const blog = await injectAs(t.app, c, {
      method: 'POST',
      url: '/api/Blog',
      payload: { blogTitle: 'a\u0007b', blogContent: 'x', eventDate: '2026-01-01' },
    });
    expect(envelope4xx(blog, 400)).toMatch(/^blogTitle: must not contain control characters/);
  });

  it('refuses NUL in a multipart certificate field', async () => {
    const form = multipart([{ name: 'husbandNameEnglish', value: 'Ro\u0000hit' }]);
    const res = await injectAs(t.app, c, { method: 'POST', url: '/api/MarriageCertificate', payload: form.payload, headers: form.headers });
    expect(envelope4xx(res, 400)).toMatch(/^husbandNameEnglish: must not contain control characters/);
  });

  it('keeps tabs and new lines', async () => {
    const blog = await injectAs(t.app, c, {
      method: 'POST',
      url: '/api/Blog',
      payload: { blogTitle: 'Gram sabha', blogContent: 'line one\r\nline\ttwo\n', eventDate: '2026-01-01' },
    });
    expect(blog.statusCode).toBe(201);
  });
});

describe('numbers in queries', () => {
  it('answers 400 to a page number beyond any page', async () => {
    const res = await injectAs(t.app, c, { method: 'GET', url: '/api/BirthCertificate/paged?pageNumber=99999999999999999999&pageSize=10' });
    expect(envelope4xx(res, 400)).toMatch(/pageNumber/);
  });
});

describe('multipart', () => {
  it('answers 400 to a body cut off in the middle and to one without a boundary', async () => {
    const form = multipart([
      { name: 'husbandNameEnglish', value: 'Rohit' },
      { name: 'x', value: 'y' },
    ]);
    const cut = await injectAs(t.app, c, {
      method: 'POST',
      url: '/api/MarriageCertificate',
      payload: form.payload.subarray(0, 60),
      headers: form.headers,
    });
    expect(envelope4xx(cut, 400)).toMatch(/upload|form/i);
    const noBoundary = await injectAs(t.app, c, {
      method: 'POST',
      url: '/api/Corosal',
      payload: form.payload,
      headers: { 'content-type': 'multipart/form-data' },
    });
    expect(envelope4xx(noBoundary, 400)).toMatch(/boundary/i);
  });

  it('says what was too many: files or fields', async () => {
    const png = await photo('png', '#c0ffee');
    const files = multipart(
      Array.from({ length: 21 }, (_, i) => ({ name: 'husbandPhoto', value: png, filename: `f${i}.png`, contentType: 'image/png' })),
    );
    const manyFiles = await injectAs(t.app, c, {
      method: 'POST',
      url: '/api/MarriageCertificate',
      payload: files.payload,
      headers: files.headers,
    });
    expect(envelope4xx(manyFiles, 413)).toMatch(/Too many files: at most 20/);
    const fields = multipart(Array.from({ length: 201 }, (_, i) => ({ name: `f${i}`, value: 'x' })));
    const manyFields = await injectAs(t.app, c, {
      method: 'POST',
      url: '/api/MarriageCertificate',
      payload: fields.payload,
      headers: fields.headers,
    });
    expect(envelope4xx(manyFields, 413)).toMatch(/Too many form fields: at most 200/);
  });
});

describe('over-long requests on a real socket', () => {
  it('answers the envelope to a URL over 16 KB and to headers over the limit', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as { port: number }).port;
    const get = (path: string, headers: Record<string, string> = {}) =>
      new Promise<{ status: number; body: string; type: string }>((resolve, reject) => {
        http
          .get({ port, host: '127.0.0.1', path, headers }, (res) => {
            let body = '';
            res.setEncoding('utf8');
            res.on('data', (d) => {
              body += d;
            });
            res.on('end', () => resolve({ status: res.statusCode ?? 0, body, type: String(res.headers['content-type']) }));
          })
          .on('error', reject);
      });
    const longUrl = await get(`/api/BirthCertificate/paged?nameFilter=${'a'.repeat(17 * 1024)}`);
    expect(longUrl.status).toBe(431);
    expect(JSON.parse(longUrl.body)).toMatchObject({ isSuccess: false, result: null });
    expect(JSON.parse(longUrl.body).message).toMatch(/too long/i);
    const bigHeaders = await get('/api/User/me', { 'x-filler': 'b'.repeat(20 * 1024) });
    expect(bigHeaders.status).toBe(431);
    expect(JSON.parse(bigHeaders.body)).toMatchObject({ isSuccess: false, result: null });
  });
});

describe('Cache-Control', () => {
  it("is no-store on every answer carrying a token's data, and on the login", async () => {
    for (const url of [
      '/api/User/me',
      '/api/BirthCertificate/paged?pageNumber=1&pageSize=10',
      '/api/ResidenceCertificate',
      '/api/Site/profile/mine',
    ]) {
      const res = await injectAs(t.app, c, { method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
    const login = await t.app.inject({ method: 'POST', url: '/api/User/login', payload: { username: c.username, password: c.password } });
    expect(login.headers['cache-control']).toBe('no-store');
    const refused = await injectAs(t.app, c, { method: 'DELETE', url: '/api/Blog/999999' });
    expect(refused.headers['cache-control']).toBe('no-store');
  });
});

describe('control characters in an uploaded workbook', () => {
  // Excel writes a control character as _x0007_ in the sheet's XML; reading turns it back into one.
  it('reports the row and the column instead of storing them', async () => {
    const ExcelJS = (await import('exceljs')).default;
    const template = await injectAs(t.app, c, { method: 'GET', url: '/api/GrampanchayatImport/template.xlsx' });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(template.rawPayload as unknown as ArrayBuffer);
    wb.worksheets[0].addRow(['NUL-1', 'राम_x0007_पाटील', 'स्वतः', 9876543210, '12', '301', 'घर', 'आर.सी.सी.', 'निवासी', 2010, 50, '', 1200]);
    const form = multipart([
      { name: 'file', value: Buffer.from(await wb.xlsx.writeBuffer()), filename: 'r.xlsx', contentType: 'application/octet-stream' },
    ]);
    const res = await injectAs(t.app, c, {
      method: 'POST',
      url: '/api/GrampanchayatImport/excel?dryRun=false',
      payload: form.payload,
      headers: form.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().result).toMatchObject({
      written: false,
      problems: [{ row: 3, field: 'malkacheNav', message: expect.stringMatching(/control characters/) }],
    });
  });
});
