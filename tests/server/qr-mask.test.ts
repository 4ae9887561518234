// The QR mask choice of server/lib/pdf/qr-mask.ts against the qrcode package's own: the same mask,
// so the same code is drawn, for addresses of every length a certificate's QR code can have.
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { useFastQrMask } from '../../server/lib/pdf/qr-mask.ts';

const require = createRequire(import.meta.url);

describe('QR mask choice', () => {
  it('picks the mask qrcode picks, module for module', () => {
    // qrcode's own choice first, then ours; qrcode's module is given its own function back after.
    const qrcode = require('qrcode') as typeof import('qrcode');
    const maskPattern = require('qrcode/lib/core/mask-pattern') as { getBestMask: unknown };
    const original = maskPattern.getBestMask;
    const urls: string[] = [];
    for (let n = 0; n < 400; n++) {
      const kind = ['birth', 'death', 'residence', 'marriage'][n % 4];
      const host = ['https://gp.example.in', 'http://192.168.1.20:3000', 'https://grampanchayat-shirur.maharashtra.gov.in'][n % 3];
      urls.push(`${host}/${kind}qr/${n % 2 ? crypto.randomUUID() : (n * 7919).toString(36)}`);
    }
    const before = urls.map((u) => qrcode.create(u, { errorCorrectionLevel: 'M' }));
    try {
      useFastQrMask(require);
      expect(maskPattern.getBestMask).not.toBe(original);
      const after = urls.map((u) => qrcode.create(u, { errorCorrectionLevel: 'M' }));
      expect(new Set(before.map((q) => q.version)).size).toBeGreaterThan(2);
      expect(new Set(before.map((q) => q.maskPattern)).size).toBeGreaterThan(4);
      after.forEach((q, i) => {
        expect(q.maskPattern, urls[i]).toBe(before[i].maskPattern);
        expect(Buffer.from(q.modules.data).equals(Buffer.from(before[i].modules.data)), urls[i]).toBe(true);
      });
    } finally {
      maskPattern.getBestMask = original;
    }
  });
});
