// Uploaded images in S3-compatible storage (UPLOAD_S3_URL, issue 32): an image uploaded through one
// portal process is written to the bucket, not to the disk or the database, and served by another
// through the same /uploads/ route; a name the bucket does not hold is 404, not 500. Against a real
// S3-compatible server started here (s3rver, which checks the SDK's signatures), on either database.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import S3rver from 's3rver';
import { parseS3Url } from '../../server/config.ts';
import { s3Uploads } from '../../server/modules/cluster/s3-files.ts';
import { buildTestApp, createCouncil, type TestApp } from '../helpers/app.ts';
import { tempDir } from '../helpers/fixture.ts';
import { expectLogoServed, uploadLogo } from '../helpers/shared-uploads.ts';

const bucket = 'gp-uploads';
const storage = tempDir('gp-s3rver-');
let server: S3rver;
let a: TestApp;
let b: TestApp;
let url: string;

beforeAll(async () => {
  server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: storage,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = (await server.run()) as AddressInfo;
  // s3rver's own keys; the SDK reads them from the environment as it would a real store's.
  process.env.AWS_ACCESS_KEY_ID = 'S3RVER';
  process.env.AWS_SECRET_ACCESS_KEY = 'S3RVER';
  url = `s3://${bucket}/portal-${process.pid}?endpoint=http://127.0.0.1:${port}&region=us-east-1&forcePathStyle=true`;
  const shared = { jwtSecret: crypto.randomBytes(32).toString('hex'), uploadStore: 's3' as const, uploadS3: parseS3Url(url) };
  [a, b] = await Promise.all([buildTestApp(shared), buildTestApp(shared)]);
});
afterAll(async () => {
  await Promise.all([a?.close(), b?.close()]);
  await server?.close();
});

describe('UPLOAD_S3_URL', () => {
  it('is read into a bucket, a folder and the client settings, and refused when malformed', () => {
    expect(parseS3Url('s3://my-bucket?endpoint=http://127.0.0.1:9000&region=ap-south-1&forcePathStyle=true')).toEqual({
      bucket: 'my-bucket',
      prefix: '',
      region: 'ap-south-1',
      endpoint: 'http://127.0.0.1:9000',
      forcePathStyle: true,
    });
    expect(parseS3Url('s3://zp-satara/portal/uploads/')).toEqual({
      bucket: 'zp-satara',
      prefix: 'portal/uploads/',
      region: 'us-east-1',
      endpoint: undefined,
      forcePathStyle: false,
    });
    expect(() => parseS3Url('https://bucket')).toThrow(/UPLOAD_S3_URL/);
    expect(() => parseS3Url('s3://Bad_Bucket')).toThrow(/bucket name/);
    expect(() => parseS3Url('s3://bucket?secret=x')).toThrow(/unknown setting "secret"/);
    expect(() => parseS3Url('s3://bucket?endpoint=ftp://x')).toThrow(/endpoint/);
  });

  it('keeps an image uploaded through one process in the bucket, and the other serves it', async () => {
    const c = await createCouncil(a.app, { prefix: 's3' });
    // A colour of its own: the logo's name is its content's hash, and the cluster test's is in the database.
    const logoUrl = await uploadLogo(a, c, { r: crypto.randomInt(256), g: crypto.randomInt(256), b: 7 });
    expect(logoUrl).toMatch(/^\/uploads\/site\/[\w.-]+\.png$/);
    // In the bucket, under the URL's folder; not on either process's disk, nor in the database.
    const name = logoUrl.slice('/uploads/'.length);
    const files = fs.readdirSync(storage, { recursive: true }).map(String);
    expect(files.some((f) => f.startsWith(path.join(bucket, `portal-${process.pid}`, 'site')))).toBe(true);
    for (const t of [a, b]) expect(fs.existsSync(path.join(t.config.dataDir, logoUrl))).toBe(false);
    expect(await a.app.db.storedFile.count({ where: { path: name } })).toBe(0);
    await expectLogoServed(b, logoUrl);

    // Removed (a new logo, a deleted slide): gone for both.
    const store = s3Uploads(parseS3Url(url));
    await store.remove([name]);
    store.close();
    expect((await b.app.inject({ method: 'GET', url: logoUrl })).statusCode).toBe(404);
  });

  it('answers 404, not 500, for a name the bucket does not hold', async () => {
    for (const u of ['/uploads/site/logo-0000000000000000.png', '/uploads/carousel/none.webp', '/uploads/../package.json']) {
      const res = await b.app.inject({ method: 'GET', url: u });
      expect(res.statusCode, u).toBe(404);
      expect(res.json().isSuccess).toBe(false);
    }
  });

  it('writes new files and content-named ones, reads them back, and reads a missing name as none', async () => {
    const store = s3Uploads(parseS3Url(url));
    try {
      const stem = crypto.randomBytes(8).toString('hex');
      await store.writeNew([{ name: `carousel/${stem}-a.webp`, data: Buffer.from('first') }]);
      expect((await store.read(`carousel/${stem}-a.webp`))?.toString()).toBe('first');
      await store.put(`carousel/${stem}-b.webp`, Buffer.from('second'));
      expect((await store.read(`carousel/${stem}-b.webp`))?.toString()).toBe('second');
      expect(await store.read(`carousel/${stem}-none.webp`)).toBeUndefined();
    } finally {
      store.close();
    }
  });
});
