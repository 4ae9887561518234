// /api/Corosal: slide uploads checked by content, resized, stored all or nothing, scoped to the council.
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp, createCouncil, injectAs, type TestApp, type TestCouncil } from '../helpers/app.ts';
import { multipart, type FormPart } from '../helpers/multipart.ts';

let jpeg: Buffer;
let png: Buffer;
let webp: Buffer;
const t = useTestApp();
beforeAll(async () => {
  const photo = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 40 } } });
  jpeg = await photo(2400, 1200).jpeg().toBuffer();
  png = await photo(640, 480).png().toBuffer();
  webp = await photo(1000, 500).webp().toBuffer();
});

const MARATHI = 'ग्रामसभा दिनांक १५ ऑगस्ट रोजी सकाळी ११ वाजता';
const image = (value: Buffer, filename = 'photo.jpg', contentType = 'image/jpeg'): FormPart => ({
  name: 'ImageFile',
  value,
  filename,
  contentType,
});
const text = (name: string, value: string): FormPart => ({ name, value });
const upload = (app: TestApp['app'], c: TestCouncil | undefined, parts: FormPart[]) => {
  const { payload, headers } = multipart(parts);
  return injectAs(app, c, { method: 'POST', url: '/api/Corosal', payload, headers });
};
const list = async (userId: number, app = t.app) =>
  (await app.inject({ method: 'GET', url: `/api/Corosal/by-user/${userId}` })).json().result;
const storedFiles = (tt: TestApp = t) => fs.readdirSync(path.join(tt.config.dataDir, 'uploads', 'carousel')).sort();

describe('reading slides', () => {
  it('answers an empty list for a council without slides, without a token', async () => {
    const c = await createCouncil(t.app);
    const res = await t.app.inject({ method: 'GET', url: `/api/Corosal/by-user/${c.userId}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ isSuccess: true, message: 'Success', result: [] });
  });
});

describe('uploading slides', () => {
  it('stores a WebP at most 1600 px wide and an 800 px one, served with a year of caching', async () => {
    const c = await createCouncil(t.app);
    const res = await upload(t.app, c, [image(jpeg), text('BlogContent', MARATHI), text('CreatedByUserId', String(c.userId))]);
    expect(res.statusCode).toBe(201);
    const [item] = res.json().result;
    expect(item).toMatchObject({ blogContent: MARATHI, createdByUserId: c.userId });
    expect(item.imagePath).toMatch(/^\/uploads\/carousel\/[0-9a-f]{32}\.webp$/);
    expect(item.imagePathSmall).toBe(item.imagePath.replace('.webp', '-800.webp'));

    const served = await t.app.inject({ method: 'GET', url: item.imagePath });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toMatch(/max-age=31536000/);
    const big = await sharp(served.rawPayload).metadata();
    expect(big.format).toBe('webp');
    expect(big.width).toBe(1600);
    expect(big.height).toBe(800);
    const small = await sharp((await t.app.inject({ method: 'GET', url: item.imagePathSmall })).rawPayload).metadata();
    expect(small).toMatchObject({ format: 'webp', width: 800, height: 400 });

    expect(await list(c.userId)).toEqual([item]);
  });

  it('turns a photo upright by its EXIF orientation and keeps no metadata', async () => {
    const c = await createCouncil(t.app);
    const sideways = await sharp({ create: { width: 2000, height: 1000, channels: 3, background: '#336699' } })
      .jpeg()
      .withMetadata({ orientation: 6, exif: { IFD0: { Copyright: 'camera owner' } } })
      .toBuffer();
    expect((await sharp(sideways).metadata()).orientation).toBe(6);
    const [item] = (await upload(t.app, c, [image(sideways), text('BlogContent', 'x')])).json().result;
    const meta = await sharp(fs.readFileSync(path.join(t.config.dataDir, item.imagePath))).metadata();
    expect([meta.width, meta.height]).toEqual([800, 1600]);
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
  });

  it('takes several images in one upload (JPEG, PNG, WebP) and lists them in upload order, newest upload last', async () => {
    const c = await createCouncil(t.app);
    const first = await upload(t.app, c, [image(png, 'a.png', 'image/png'), text('BlogContent', 'पहिले')]);
    expect(first.statusCode).toBe(201);
    const res = await upload(t.app, c, [
      image(jpeg),
      image(png, 'b.png', 'image/png'),
      image(webp, 'c.webp', 'image/webp'),
      text('BlogContent', MARATHI),
    ]);
    expect(res.statusCode).toBe(201);
    const items = res.json().result;
    expect(items).toHaveLength(3);
    expect(items.every((i: { blogContent: string }) => i.blogContent === MARATHI)).toBe(true);
    expect(new Set(items.map((i: { imagePath: string }) => i.imagePath)).size).toBe(3);
    expect(await list(c.userId)).toEqual([...first.json().result, ...items]);
  });

  it('changes the order on the admin screen: every slide of the council once, nothing else (issue 14)', async () => {
    const c = await createCouncil(t.app);
    const other = await createCouncil(t.app);
    const ids = (
      await upload(t.app, c, [image(jpeg), image(png, 'b.png', 'image/png'), image(webp, 'c.webp', 'image/webp'), text('BlogContent', 'x')])
    )
      .json()
      .result.map((i: { corosalId: number }) => i.corosalId);
    const [foreign] = (await upload(t.app, other, [image(jpeg), text('BlogContent', 'y')]))
      .json()
      .result.map((i: { corosalId: number }) => i.corosalId);
    const order = (corosalIds: unknown, who = c) =>
      injectAs(t.app, who, { method: 'PUT', url: '/api/Corosal/order', payload: { corosalIds } });

    const moved = await order([ids[2], ids[0], ids[1]]);
    expect(moved.statusCode).toBe(200);
    expect((await list(c.userId)).map((i: { corosalId: number }) => i.corosalId)).toEqual([ids[2], ids[0], ids[1]]);

    for (const bad of [
      [ids[0], ids[1]],
      [ids[0], ids[0], ids[1]],
      [ids[0], ids[1], foreign],
    ]) {
      const res = await order(bad);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/^corosalIds: /);
    }
    expect((await order([foreign], other)).statusCode).toBe(200);
    expect((await list(c.userId)).map((i: { corosalId: number }) => i.corosalId)).toEqual([ids[2], ids[0], ids[1]]);
    expect((await injectAs(t.app, undefined, { method: 'PUT', url: '/api/Corosal/order', payload: { corosalIds: ids } })).statusCode).toBe(
      401,
    );
    // A new upload goes last.
    const [added] = (await upload(t.app, c, [image(png, 'd.png', 'image/png'), text('BlogContent', 'z')])).json().result;
    expect((await list(c.userId)).at(-1).corosalId).toBe(added.corosalId);
  });

  it('pairs one caption per image in order', async () => {
    const c = await createCouncil(t.app);
    const res = await upload(t.app, c, [
      image(jpeg),
      text('BlogContent', 'एक'),
      text('CreatedByUserId', String(c.userId)),
      image(png, 'b.png'),
      text('BlogContent', 'दोन'),
      text('CreatedByUserId', String(c.userId)),
    ]);
    expect(res.statusCode).toBe(201);
    expect(res.json().result.map((i: { blogContent: string }) => i.blogContent)).toEqual(['एक', 'दोन']);
    const mismatch = await upload(t.app, c, [image(jpeg), image(png), image(webp), text('BlogContent', 'a'), text('BlogContent', 'b')]);
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().message).toMatch(/^BlogContent: /);
  });

  it("gives the token's council the slides even when CreatedByUserId names another", async () => {
    const mine = await createCouncil(t.app);
    const other = await createCouncil(t.app);
    const res = await upload(t.app, mine, [image(jpeg), text('BlogContent', 'x'), text('CreatedByUserId', String(other.userId))]);
    expect(res.json().result[0].createdByUserId).toBe(mine.userId);
    expect(await list(other.userId)).toEqual([]);
  });

  it('refuses a file that is not an image by its content, and keeps none of the upload', async () => {
    const c = await createCouncil(t.app);
    const before = storedFiles();
    const fake = Buffer.from('<?php echo "not a photo"; ?>'.repeat(50));
    const res = await upload(t.app, c, [image(jpeg), image(fake, 'photo.jpg', 'image/jpeg'), text('BlogContent', 'x')]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ isSuccess: false, message: 'ImageFile: must be a JPEG, PNG or WebP image', result: null });
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    expect((await upload(t.app, c, [image(gif, 'x.gif', 'image/gif')])).json().message).toBe(
      'ImageFile: must be a JPEG, PNG or WebP image',
    );
    // Right magic bytes, broken body.
    const broken = Buffer.concat([jpeg.subarray(0, 200), Buffer.alloc(500)]);
    expect((await upload(t.app, c, [image(broken)])).statusCode).toBe(400);
    expect(storedFiles()).toEqual(before);
    expect(await list(c.userId)).toEqual([]);
  });

  it('names what is missing: no image, not multipart', async () => {
    const c = await createCouncil(t.app);
    const none = await upload(t.app, c, [text('BlogContent', 'x')]);
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('ImageFile: at least one image is required');
    const json = await injectAs(t.app, c, { method: 'POST', url: '/api/Corosal', payload: { BlogContent: 'x' } });
    expect(json.statusCode).toBe(400);
    expect(json.json().message).toMatch(/^ImageFile: /);
    const wrongField = await upload(t.app, c, [{ name: 'Other', value: jpeg, filename: 'a.jpg' }]);
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json().message).toMatch(/^Other: /);
  });

  it('refuses uploads without a token', async () => {
    const before = storedFiles();
    const res = await upload(t.app, undefined, [image(jpeg), text('BlogContent', 'x')]);
    expect(res.statusCode).toBe(401);
    expect(storedFiles()).toEqual(before);
  });
});

describe('the size limit', () => {
  const small = useTestApp({ uploadLimitBytes: 200_000 });

  it('answers 413 above the limit and stores nothing, not even the files before it', async () => {
    const c = await createCouncil(small.app);
    const noise = await sharp(Buffer.from(Array.from({ length: 600 * 600 * 3 }, () => Math.floor(Math.random() * 256))), {
      raw: { width: 600, height: 600, channels: 3 },
    })
      .jpeg({ quality: 100 })
      .toBuffer();
    expect(noise.length).toBeGreaterThan(200_000);
    const res = await upload(small.app, c, [image(png, 'ok.png', 'image/png'), image(noise), text('BlogContent', 'x')]);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ isSuccess: false, result: null });
    expect(storedFiles(small)).toEqual([]);
    expect(await list(c.userId, small.app)).toEqual([]);
    expect((await upload(small.app, c, [image(png, 'ok.png', 'image/png')])).statusCode).toBe(201);
  });
});

describe('deleting slides', () => {
  it('deletes its own slide and the files; another council gets 404 and nothing changes', async () => {
    const owner = await createCouncil(t.app);
    const intruder = await createCouncil(t.app);
    const [item] = (await upload(t.app, owner, [image(jpeg), text('BlogContent', MARATHI)])).json().result;
    const files = [item.imagePath, item.imagePathSmall].map((p: string) => path.join(t.config.dataDir, p));
    expect(files.every((f) => fs.existsSync(f))).toBe(true);

    expect((await t.app.inject({ method: 'DELETE', url: `/api/Corosal/${item.corosalId}` })).statusCode).toBe(401);
    const refused = await injectAs(t.app, intruder, { method: 'DELETE', url: `/api/Corosal/${item.corosalId}` });
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toMatchObject({ isSuccess: false, result: null });
    expect(await list(owner.userId)).toEqual([item]);
    expect(files.every((f) => fs.existsSync(f))).toBe(true);

    const del = await injectAs(t.app, owner, { method: 'DELETE', url: `/api/Corosal/${item.corosalId}` });
    expect(del.statusCode).toBe(200);
    expect(del.json()).toMatchObject({ isSuccess: true, result: { corosalId: item.corosalId } });
    expect(await list(owner.userId)).toEqual([]);
    expect(files.some((f) => fs.existsSync(f))).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: item.imagePath })).statusCode).toBe(404);
    expect((await injectAs(t.app, owner, { method: 'DELETE', url: `/api/Corosal/${item.corosalId}` })).statusCode).toBe(404);
  });
});
