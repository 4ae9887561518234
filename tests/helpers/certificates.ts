// The valid certificates of certificate-cases.ts sent in-process the way the web client sends them
// (JSON, or multipart with photos for marriage), and reading a PDF back: its text (pdftotext) and
// its QR code (pdftoppm + zbarimg).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { App } from '../../server/app.ts';
import { injectAs, type TestCouncil } from './app.ts';
import { couplePhotos, marriageParts, type Body, type KindCase, type PhotoParts } from './certificate-cases.ts';
import { multipart } from './multipart.ts';

export * from './certificate-cases.ts';

/** A marriage certificate's body and photos as multipart for app.inject. */
export const marriageForm = (body: Body, photos: PhotoParts) => multipart(marriageParts(body, photos));

/** POST (create) or PUT (update) a certificate the way the web client sends it. Marriage create
 *  gets the two required photos unless `photos` says otherwise. */
export async function send(
  app: App,
  council: TestCouncil | undefined,
  c: KindCase,
  body: Body,
  opts: { id?: string; photos?: PhotoParts } = {},
) {
  const method = opts.id ? 'PUT' : 'POST';
  const url = opts.id ? `${c.base}/${opts.id}` : c.base;
  if (c.kind !== 'marriage') return injectAs(app, council, { method, url, payload: body });
  const photos = opts.photos ?? (opts.id ? {} : await couplePhotos());
  const { payload, headers } = marriageForm(body, photos);
  return injectAs(app, council, { method, url, payload, headers });
}

/** Creates a valid certificate and answers its saved record. */
export async function createValid(app: App, council: TestCouncil, c: KindCase, overrides: Body = {}, names?: { en: string; mr: string }) {
  const res = await send(app, council, c, { ...c.valid(names), ...overrides });
  if (res.statusCode !== 201) throw new Error(`create ${c.kind} failed: ${res.statusCode} ${res.body}`);
  return res.json().result as Body;
}

function withTempDir<T>(fn: (dir: string) => T): T {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gp-pdf-'));
  try {
    return fn(dir);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The PDF's text as `pdftotext -raw` extracts it (what copy and search see). */
export function pdfText(pdf: Buffer): string {
  return withTempDir((dir) => {
    fs.writeFileSync(path.join(dir, 'c.pdf'), pdf);
    return execFileSync('pdftotext', ['-raw', path.join(dir, 'c.pdf'), '-'], { encoding: 'utf8' });
  });
}

/** The QR code on the page, rasterised at 150 dpi and decoded. */
export function pdfQr(pdf: Buffer): string {
  return withTempDir((dir) => {
    fs.writeFileSync(path.join(dir, 'c.pdf'), pdf);
    execFileSync('pdftoppm', ['-r', '150', '-png', '-singlefile', path.join(dir, 'c.pdf'), path.join(dir, 'page')]);
    return execFileSync('zbarimg', ['--raw', '-q', path.join(dir, 'page.png')], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  });
}

/** Pages and embedded images, from pdfinfo and pdfimages. */
export function pdfFacts(pdf: Buffer): { pages: number; pageSize: string; images: number } {
  return withTempDir((dir) => {
    const file = path.join(dir, 'c.pdf');
    fs.writeFileSync(file, pdf);
    const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
    const list = execFileSync('pdfimages', ['-list', file], { encoding: 'utf8' }).trim().split('\n').slice(2);
    return {
      pages: Number(/Pages:\s+(\d+)/.exec(info)?.[1]),
      pageSize: /Page size:\s+(.+)/.exec(info)?.[1].trim() ?? '',
      images: list.filter((l) => / image /.test(l)).length,
    };
  });
}
