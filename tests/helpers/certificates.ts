// The valid certificates of certificate-cases.ts sent in-process the way the web client sends them
// (JSON, or multipart with photos for marriage). Their PDFs are read back with pdf-read.ts.
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
