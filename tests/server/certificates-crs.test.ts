// The national CRS registration number on births and deaths (issue 31): optional, English letters
// and digits up to 30, kept through create and update, printed on the PDF, shown on the public
// (QR) read, and found by the list's search.
import { describe, expect, it } from 'vitest';
import { useTestApp, useCouncil, injectAs } from '../helpers/app.ts';
import { caseOf, createValid, send } from '../helpers/certificates.ts';
import { pdfText } from '../helpers/pdf-read.ts';

const t = useTestApp();
const council = useCouncil(t);

describe.each([caseOf('birth'), caseOf('death')])('$kind: crsRegistrationNumber', (c) => {
  const get = (url: string, withToken = true) => injectAs(t.app, withToken ? council : undefined, { method: 'GET', url });
  const found = async (term: string) =>
    (await get(`${c.listUrl}?pageNumber=1&pageSize=10&nameFilter=${encodeURIComponent(term)}`))
      .json()
      .result.items.map((i: Record<string, unknown>) => i.crsRegistrationNumber);

  it('round-trips through the API, the PDF, the public read and the search', async () => {
    const crs = `${c.kind === 'birth' ? 'B' : 'D'}2026MH2741${String(process.pid % 1000).padStart(3, '0')}X7`;
    const saved = await createValid(t.app, council, c, { crsRegistrationNumber: crs });
    expect(saved.crsRegistrationNumber).toBe(crs);
    const id = String(saved[c.idField]);

    const full = (await get(`${c.base}/${id}`)).json().result;
    expect(full.crsRegistrationNumber).toBe(crs);
    const publicView = (await get(`${c.base}/${id}`, false)).json().result;
    expect(publicView).toMatchObject({ view: 'public', crsRegistrationNumber: crs });

    const pdf = await get(c.pdfUrl(id));
    expect(pdf.statusCode).toBe(200);
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain('CRS नोंदणी क्रमांक');
    expect(text).toContain(crs);

    expect(await found(crs.slice(3, 12).toLowerCase())).toEqual([crs]);

    // Changed on update: the search follows the new number, not the old.
    const next = `${crs}N`;
    const put = await send(t.app, council, c, { ...c.valid(), crsRegistrationNumber: next }, { id });
    expect(put.statusCode).toBe(200);
    expect(await found(next)).toEqual([next]);
    expect(await found(`${crs.slice(0, 14)}X7`)).toEqual([next]);
  });

  it('is optional: a certificate without one prints no CRS line', async () => {
    const saved = await createValid(t.app, council, c);
    expect(saved.crsRegistrationNumber).toBe('');
    const pdf = await get(c.pdfUrl(String(saved[c.idField])));
    expect(pdfText(pdf.rawPayload)).not.toContain('CRS');
  });

  it.each(['B-2026/0001', 'बी२०२६', 'A B', 'X'.repeat(31)])('refuses %s with a message in Marathi and English', async (bad) => {
    const res = await send(t.app, council, c, { ...c.valid(), crsRegistrationNumber: bad });
    expect(res.statusCode).toBe(400);
    const { message } = res.json();
    expect(message).toContain('crsRegistrationNumber');
    expect(message).toMatch(
      bad.length > 30 ? /more than 30 characters/ : /^CRS नोंदणी क्रमांक: फक्त इंग्रजी अक्षरे व अंक .* only English letters and digits/,
    );
  });
});
