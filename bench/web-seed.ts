// The realistic home page for bench/web.ts: the office profile filled, 3 slides uploaded from
// photo-like 1600×900 JPEGs, 6 news posts, all through the API as an office would; and for the
// property pages a registered house with a tax record and one payment (its receipt).
import sharp from 'sharp';
import { staffLogin } from '../tests/helpers/http-api.ts';
import { seedTaxedHouse } from '../tests/helpers/tax-seed.ts';
import { VILLAGE } from '../tests/helpers/village.ts';

const NEWS = [
  ['विशेष ग्रामसभा', 'दिनांक १५ ऑगस्ट रोजी सकाळी ११ वाजता ग्रामपंचायत कार्यालयात विशेष ग्रामसभा होईल.'],
  ['पाणीपट्टी भरण्याची शेवटची तारीख', 'ग्रामस्थांनी थकीत पाणीपट्टी ३१ मार्चपूर्वी भरावी.'],
  ['स्वच्छता अभियान', 'रविवारी सकाळी ८ वाजता गावातील सर्व रस्त्यांची स्वच्छता मोहीम.'],
  ['मोफत आरोग्य तपासणी शिबिर', 'प्राथमिक आरोग्य केंद्रात सर्व ग्रामस्थांसाठी मोफत तपासणी.'],
  ['वृक्षारोपण कार्यक्रम', 'शाळेच्या आवारात ५०० झाडे लावण्याचा कार्यक्रम.'],
  ['कर वसुली मोहीम', 'मालमत्ता कर वेळेत भरणाऱ्यांना ५% सवलत.'],
];

/** A photo-like 1600×900 JPEG (smooth colour fields with grain), ~150–300 KB like a phone picture. */
async function photo(i: number): Promise<Buffer> {
  const w = 1600;
  const h = 900;
  const raw = Buffer.alloc(w * h * 3);
  let seed = 12345 + i * 999;
  const rnd = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const o = (y * w + x) * 3;
      const sky = y < h * (0.45 + 0.08 * Math.sin(x / 120 + i));
      const n = (rnd() - 0.5) * 40;
      raw[o] = Math.max(0, Math.min(255, (sky ? 120 + (y / h) * 80 : 60 + 40 * Math.sin(x / 37 + y / 53)) + n + i * 20));
      raw[o + 1] = Math.max(0, Math.min(255, (sky ? 170 + (y / h) * 40 : 110 + 40 * Math.cos(x / 41)) + n));
      raw[o + 2] = Math.max(0, Math.min(255, (sky ? 230 : 50 + 30 * Math.sin(y / 29)) + n));
    }
  return sharp(raw, { raw: { width: w, height: h, channels: 3 } })
    .blur(1.2)
    .jpeg({ quality: 82 })
    .toBuffer();
}

export async function seed(base: string, username: string, password: string) {
  const { councilId, call } = await staffLogin(base, username, password);
  const { createdByUserId: _c, updatedAt: _u, version: _v, ...profile } = await call('GET', '/api/Site/profile/mine');
  await call('PUT', '/api/Site/profile', { ...profile, ...VILLAGE });
  let jpegBytes = 0;
  for (let i = 0; i < 3; i++) {
    const jpeg = await photo(i);
    jpegBytes += jpeg.length;
    const form = new FormData();
    form.append('ImageFile', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), `slide${i + 1}.jpg`);
    form.append('BlogContent', `ग्रामपंचायत सोनगाव — छायाचित्र ${i + 1}`);
    form.append('CreatedByUserId', String(councilId));
    await call('POST', '/api/Corosal', form);
  }
  for (const [i, [blogTitle, blogContent]] of NEWS.entries())
    await call('POST', '/api/Blog', { blogTitle, blogContent, eventDate: `2026-0${i + 1}-15`, createdByUserId: councilId });
  // The property pages' records: a registered house with its tax record and one payment (its receipt).
  const malmattaNo = '१२/अ';
  const { payment } = await seedTaxedHouse(call, malmattaNo, { arrears: { magilGharpatti: '500' }, payment: { paid_gharpatti: '700' } });
  console.log(
    `Seeded: the office profile, 3 slides (JPEG 1600×900, ${(jpegBytes / 3 / 1024).toFixed(0)} KB each), ${NEWS.length} news posts, a property with a tax payment.`,
  );
  return { councilId, malmattaNo, receiptId: payment!.receiptId };
}
