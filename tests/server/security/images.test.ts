// Image processing is bounded (issue 13, item 18): one image decoded at a time, and certificate
// photos limited to about 2000×2000 pixels, refused by their header before anything is decoded.
import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { useTestApp, useCouncil, injectAs } from '../../helpers/app.ts';
import { caseOf, marriageForm, couplePhotos } from '../../helpers/certificates.ts';
import { multipart } from '../../helpers/multipart.ts';
import { imageWork } from '../../../server/lib/images.ts';

const t = useTestApp();
const c = useCouncil(t);

const plainPng = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#c8d8e8' } })
    .png({ compressionLevel: 9 })
    .toBuffer();

describe('certificate photos', () => {
  it('refuses a photo over 2000×2000 pixels naming the field and the size, though small in bytes', async () => {
    const big = await plainPng(2100, 2100);
    expect(big.length).toBeLessThan(600 * 1024);
    const { payload, headers } = marriageForm(caseOf('marriage').valid(), { ...(await couplePhotos()), wifePhoto: big });
    const res = await injectAs(t.app, c, { method: 'POST', url: '/api/MarriageCertificate', payload, headers });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('wifePhoto: is 2100×2100 pixels: at most about 2000×2000 (4 megapixels); make the photo smaller');
  });

  it('accepts a 2000×2000 photo', async () => {
    const { payload, headers } = marriageForm(caseOf('marriage').valid(), {
      ...(await couplePhotos()),
      wifePhoto: await plainPng(2000, 2000),
    });
    expect((await injectAs(t.app, c, { method: 'POST', url: '/api/MarriageCertificate', payload, headers })).statusCode).toBe(201);
  });
});

describe('parallel uploads', () => {
  it('decode one image at a time; the rest wait or are told the server is busy', async () => {
    const png = await plainPng(3000, 2000);
    imageWork.peak = 0;
    const uploads = await Promise.all(
      Array.from({ length: 12 }, () => {
        const form = multipart([{ name: 'ImageFile', value: png, filename: 'slide.png', contentType: 'image/png' }]);
        return injectAs(t.app, c, { method: 'POST', url: '/api/Corosal', payload: form.payload, headers: form.headers });
      }),
    );
    for (const res of uploads) {
      expect([201, 503]).toContain(res.statusCode);
      if (res.statusCode === 503) expect(res.json()).toMatchObject({ isSuccess: false, result: null });
    }
    expect(uploads.filter((r) => r.statusCode === 201).length).toBeGreaterThan(0);
    expect(imageWork.peak).toBe(1);
  });
});
