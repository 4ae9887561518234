// Uploaded images are judged by their bytes, never by the file name or the declared content type.
import { createRequire } from 'node:module';
import type SharpModule from 'sharp';
import { BoundedQueue } from './bounded-queue.ts';

let loaded: typeof SharpModule | undefined;
/** sharp (libvips) as the package exports it, loaded with the first image instead of at start
 *  (issue 8: a restart under 2 s; most restarts never touch an image). */
export const sharp = ((...args: unknown[]) =>
  (loaded ??= createRequire(import.meta.url)('sharp') as typeof SharpModule)(
    ...(args as Parameters<typeof SharpModule>),
  )) as unknown as typeof SharpModule;

/** Decoding a large image takes hundreds of MB and a thread of Node's small pool (which logins and
 *  file reads share): one image at a time, a few waiting, then 503. */
export const imageWork = new BoundedQueue(1, 24, 'The server is busy processing other images. Please try again in a minute.', 30);

export type ImageType = 'jpeg' | 'png' | 'webp';

/** JPEG, PNG or WebP by the file's first bytes (its magic number), else null. */
export function imageType(buf: Buffer): ImageType | null {
  if (buf.length >= 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return 'jpeg';
  if (buf.length >= 8 && buf.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (buf.length >= 12 && buf.toString('latin1', 0, 4) === 'RIFF' && buf.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  return null;
}
