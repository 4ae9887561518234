// The typed client integrators copy (clients/typescript/portal-api.d.ts) is the contract: the portal's
// own certificate calls are built from those types alone (openapi-fetch), over HTTP to a real app, and
// the committed file is what the served document generates. A contract change that breaks these calls
// fails `npm run typecheck`; one that changes the types fails here (and in CI's git diff).
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import createClient from 'openapi-fetch';
import type { paths } from '../../clients/typescript/portal-api.d.ts';
import { TYPES_FILE, typesOf } from '../../scripts/openapi.ts';
import { useTestApp, useCouncil } from '../helpers/app.ts';

let baseUrl: string;

const t = useTestApp();
const council = useCouncil(t, { prefix: 'typed_client' });
beforeAll(async () => {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});

/** A birth certificate as the types describe the create body. */
const birth = (
  registrationNo: string,
): NonNullable<paths['/api/BirthCertificate']['post']['requestBody']>['content']['application/json'] => ({
  serialNo: 7,
  registrationNo,
  registrationDate: '2026-01-12',
  birthDate: '2026-01-01',
  childFullNameEnglish: 'Aarav Dnyaneshwar Patil',
  childFullNameMarathi: 'आरव ज्ञानेश्वर पाटील',
  childAadharNumber: '',
  gender: 'Male',
  birthPlaceMarathi: 'प्राथमिक आरोग्य केंद्र, पिंपळगाव',
  birthPlaceEnglish: 'Primary Health Centre, Pimpalgaon',
  addressAtBirthMarathi: 'मु. पो. पिंपळगाव',
  addressAtBirthEnglish: 'At post Pimpalgaon',
  permanentAddressMarathi: 'मु. पो. पिंपळगाव',
  permanentAddressEnglish: 'At post Pimpalgaon',
  fatherFullNameMarathi: 'ज्ञानेश्वर कृष्ण पाटील',
  fatherFullNameEnglish: 'Dnyaneshwar Krishna Patil',
  fatherOccupation: 'farming',
  motherFullNameMarathi: 'प्रियांका पाटील',
  motherFullNameEnglish: 'Priyanka Patil',
  motherOccupation: 'housewife',
  motherAgeAtMarriage: 21,
  numberOfLivingChildren: 1,
  birthWeightKg: 3.25,
});

describe('the typed client from the OpenAPI document', () => {
  it('registers and lists certificates through calls built from the committed types', async () => {
    const portal = createClient<paths>({ baseUrl, headers: { Authorization: `Bearer ${council.token}` } });

    const created = await portal.POST('/api/BirthCertificate', { body: birth('B-TYPED/001') });
    expect(created.error, JSON.stringify(created.error)).toBeUndefined();
    expect(created.response.status).toBe(201);
    const id: string = created.data!.result.birthCertificatesId;

    const { data, error, response } = await portal.GET('/api/BirthCertificate/paged', {
      params: { query: { pageNumber: 1, pageSize: 10, nameFilter: 'आरव' } },
    });
    expect(error).toBeUndefined();
    expect(response.status).toBe(200);
    const page = data!.result;
    expect(page).toMatchObject({ pageNumber: 1, pageSize: 10, totalCount: 1, totalPages: 1 });
    expect(page.items.map((c) => [c.birthCertificatesId, c.registrationNo, c.childFullNameMarathi])).toEqual([
      [id, 'B-TYPED/001', 'आरव ज्ञानेश्वर पाटील'],
    ]);
  });

  it('gives the documented error envelope without a token', async () => {
    const anonymous = createClient<paths>({ baseUrl });
    const { data, error, response } = await anonymous.GET('/api/BirthCertificate/paged', { params: { query: {} } });
    expect(data).toBeUndefined();
    expect(response.status).toBe(401);
    // The documented envelope: { isSuccess: false, message, result: null }.
    const message: string | undefined = error?.message;
    expect(error).toMatchObject({ isSuccess: false, result: null });
    expect(message).toMatch(/log in/i);
  });

  it('commits the types the served document generates (npm run openapi:types)', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(await typesOf(doc)).toBe(fs.readFileSync(TYPES_FILE, 'utf8'));
  });
});
