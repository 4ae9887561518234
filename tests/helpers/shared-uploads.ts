// An image uploaded through one portal process and served by another (issue 32): the council's logo,
// a 40×30 PNG, as the cluster test (images in the database) and the S3 test (UPLOAD_S3_URL) check it.
import { expect } from 'vitest';
import { sharp } from '../../server/lib/images.ts';
import { injectAs, type TestApp, type TestCouncil } from './app.ts';
import { multipart } from './multipart.ts';

/** Uploads a logo for the council through `t`: its /uploads/ address. The name is the content's
 *  hash: tests sharing one database that want a file of their own give a colour of their own. */
export async function uploadLogo(t: TestApp, council: TestCouncil, background = { r: 200, g: 30, b: 60 }): Promise<string> {
  const png = await sharp({ create: { width: 40, height: 30, channels: 3, background } })
    .png()
    .toBuffer();
  const form = multipart([{ name: 'LogoFile', value: png, filename: 'logo.png', contentType: 'image/png' }]);
  const up = await injectAs(t.app, council, { method: 'POST', url: '/api/Site/logo', ...form });
  expect(up.statusCode, up.body).toBe(201);
  return up.json().result.logoUrl;
}

/** `t` serves the logo uploadLogo made: the same picture, with a year's cache. */
export async function expectLogoServed(t: TestApp, logoUrl: string) {
  const served = await t.app.inject({ method: 'GET', url: logoUrl });
  expect(served.statusCode).toBe(200);
  expect(served.headers['content-type']).toBe('image/png');
  expect(served.headers['cache-control']).toMatch(/max-age=31536000/);
  const meta = await sharp(served.rawPayload).metadata();
  expect([meta.format, meta.width, meta.height]).toEqual(['png', 40, 30]);
}
