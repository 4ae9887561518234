// Home page slides: checked by content, stored resized for the web under random names, and saved
// all or nothing (one bad file in an upload and none is kept).
import path from 'node:path';
import { inTransaction, type DbOrTx } from '../../db/transaction.ts';
import type { CarouselImage } from '../../generated/prisma/client.ts';
import { Invalid, NotFound } from '../../lib/errors.ts';
import { imageType, imageWork, sharp } from '../../lib/images.ts';
import { randomFileStem, removeFiles, writeNewFiles } from '../../lib/uploads.ts';
import { changesOf, recordAudit, type AuditAction, type AuditChanges } from '../audit/record.ts';
import type { CarouselItem } from './schema.ts';
import { setPositions } from './sql.ts';

const URL_PREFIX = '/uploads/carousel/';
const WEB_WIDTH = 1600;
const SMALL_WIDTH = 800;
// A 48 MP phone photo passes; a decompression bomb does not get to fill the memory.
const MAX_PIXELS = 50_000_000;
const MAX_CAPTION = 2000;
const OURS = /^\/uploads\/carousel\/([0-9a-f]{32})\.webp$/;

export interface PreparedImage {
  web: Buffer;
  small: Buffer;
  /** The name the file was uploaded under, for the audit trail. */
  fileName?: string;
}

/** The web version (at most 1600 px) and the phone version (800 px), WebP, upright, without metadata. */
export async function prepareImage(file: Buffer): Promise<PreparedImage> {
  if (!imageType(file)) throw new Invalid('ImageFile', 'must be a JPEG, PNG or WebP image');
  return imageWork.run(async () => {
    try {
      // rotate() with no angle applies the EXIF orientation; sharp drops EXIF/GPS unless asked to keep it.
      const upright = sharp(file, { limitInputPixels: MAX_PIXELS, failOn: 'error' }).rotate();
      const fit = (size: number) => ({ width: size, height: size, fit: 'inside' as const, withoutEnlargement: true });
      const [web, small] = await Promise.all([
        upright.clone().resize(fit(WEB_WIDTH)).webp({ quality: 78 }).toBuffer(),
        upright.clone().resize(fit(SMALL_WIDTH)).webp({ quality: 72 }).toBuffer(),
      ]);
      return { web, small };
    } catch {
      throw new Invalid('ImageFile', 'the image could not be read: it is damaged or too large in pixels (at most 50 megapixels)');
    }
  });
}

/** One caption for every image, or one per image in order. */
function captionsFor(imageCount: number, captions: string[]): string[] {
  const trimmed = captions.map((c) => c.trim());
  if (trimmed.some((c) => c.length > MAX_CAPTION)) throw new Invalid('BlogContent', `must not be longer than ${MAX_CAPTION} characters`);
  if (trimmed.length <= 1) return Array(imageCount).fill(trimmed[0] ?? '');
  if (trimmed.length === imageCount) return trimmed;
  throw new Invalid('BlogContent', `send one caption for all images or one per image (${imageCount} images, ${trimmed.length} captions)`);
}

function smallPath(imagePath: string) {
  const m = OURS.exec(imagePath);
  return m ? `${URL_PREFIX}${m[1]}-${SMALL_WIDTH}.webp` : imagePath;
}

/** Files of a slide on disk; only names this module made, so a stored path can never point elsewhere. */
function filesOf(dir: string, imagePath: string): string[] {
  const m = OURS.exec(imagePath);
  return m ? [path.join(dir, `${m[1]}.webp`), path.join(dir, `${m[1]}-${SMALL_WIDTH}.webp`)] : [];
}

const audit = (tx: DbOrTx, ownerId: number, action: AuditAction, corosalId: number | null, changes: AuditChanges) =>
  recordAudit(tx, { councilId: ownerId, entity: 'CarouselImage', entityId: corosalId, action, changes });

function toItem(row: CarouselImage): CarouselItem {
  return {
    corosalId: row.corosalId,
    imagePath: row.imagePath,
    imagePathSmall: smallPath(row.imagePath),
    blogContent: row.blogContent,
    createdByUserId: row.createdByUserId,
  };
}

export async function listSlides(db: DbOrTx, userId: number): Promise<CarouselItem[]> {
  const rows = await db.carouselImage.findMany({
    where: { createdByUserId: userId },
    orderBy: [{ position: 'asc' }, { corosalId: 'asc' }],
  });
  return rows.map(toItem);
}

/** Puts the council's slides in the order given: every one of its slides, each once. */
export async function reorderSlides(db: DbOrTx, ownerId: number, corosalIds: number[]): Promise<CarouselItem[]> {
  return inTransaction(db, async (tx) => {
    const ids = (await listSlides(tx, ownerId)).map((r) => r.corosalId);
    const same = corosalIds.length === ids.length && new Set(corosalIds).size === ids.length && corosalIds.every((id) => ids.includes(id));
    if (!same) throw new Invalid('corosalIds', `must list each of your council's ${ids.length} slides once, in the new order`);
    // One statement for all rows: position = place in the list.
    await setPositions(tx, ownerId, corosalIds);
    await audit(tx, ownerId, 'update', null, changesOf({ order: ids.join(', ') }, { order: corosalIds.join(', ') }));
    return listSlides(tx, ownerId);
  });
}

export async function saveSlides(
  db: DbOrTx,
  dir: string,
  ownerId: number,
  images: PreparedImage[],
  captions: string[],
): Promise<CarouselItem[]> {
  if (images.length === 0) throw new Invalid('ImageFile', 'at least one image is required');
  const texts = captionsFor(images.length, captions);
  const paths: string[] = [];
  const files: { path: string; data: Buffer }[] = [];
  for (const image of images) {
    const name = randomFileStem();
    files.push(
      { path: path.join(dir, `${name}.webp`), data: image.web },
      { path: path.join(dir, `${name}-${SMALL_WIDTH}.webp`), data: image.small },
    );
    paths.push(`${URL_PREFIX}${name}.webp`);
  }
  const written = await writeNewFiles(files);
  try {
    // New slides go after the council's last one, in the order they were sent.
    const rows = await inTransaction(db, async (tx) => {
      const last = await tx.carouselImage.aggregate({ where: { createdByUserId: ownerId }, _max: { position: true } });
      const start = last._max.position ?? 0;
      const created: CarouselImage[] = [];
      for (let i = 0; i < paths.length; i++)
        created.push(
          await tx.carouselImage.create({
            data: { imagePath: paths[i], blogContent: texts[i], createdByUserId: ownerId, position: start + i + 1 },
          }),
        );
      // One upload, one row: the slides' ids and files listed together when several were sent.
      const list = (values: unknown[]) => values.join(', ');
      await audit(
        tx,
        ownerId,
        'create',
        created.length === 1 ? created[0].corosalId : null,
        changesOf(null, {
          corosalId: created.length === 1 ? null : list(created.map((r) => r.corosalId)),
          imagePath: list(paths),
          fileName: list(images.map((im) => im.fileName ?? '')).slice(0, 2000),
          blogContent: list([...new Set(texts)]),
        }),
      );
      return created;
    });
    return rows.map(toItem);
  } catch (err) {
    await removeFiles(written);
    throw err;
  }
}

export async function deleteSlide(db: DbOrTx, dir: string, ownerId: number, corosalId: number): Promise<void> {
  const slide = await inTransaction(db, async (tx) => {
    const row = await tx.carouselImage.findFirst({ where: { corosalId, createdByUserId: ownerId } });
    if (!row) throw new NotFound('No carousel image with this id for your council.');
    await tx.carouselImage.delete({ where: { corosalId } });
    await audit(tx, ownerId, 'delete', corosalId, changesOf(row, null, ['imagePath', 'blogContent', 'position']));
    return row;
  });
  await removeFiles(filesOf(dir, slide.imagePath));
}
