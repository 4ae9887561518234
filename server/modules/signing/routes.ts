// /api/SigningKey: the council's PDF signing key, on the staff settings screen (issue 31).
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Invalid } from '../../lib/errors.ts';
import { ok } from '../../lib/schema.ts';
import { councilOf } from '../../plugins/auth.ts';
import { officeOf } from '../site/service.ts';
import { signingKeyOf, uploadKey } from './keys.ts';
import { getKeySchema, uploadKeySchema } from './schema.ts';

/** The `file` and `password` parts of a key upload. */
async function readUpload(request: FastifyRequest): Promise<{ file: Buffer; password: string }> {
  if (!request.isMultipart()) throw new Invalid('file', 'फाइल multipart/form-data म्हणून पाठवा. / Send the file as multipart/form-data.');
  let file: Buffer | undefined;
  let password = '';
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      if (part.fieldname !== 'file') throw new Invalid(part.fieldname, 'is not an accepted file field; send `file`');
      file = await part.toBuffer();
    } else if (part.fieldname === 'password') password = String(part.value ?? '');
  }
  if (!file?.length) throw new Invalid('file', 'PKCS#12 (.p12 / .pfx) फाइल निवडा. / Choose the PKCS#12 (.p12 / .pfx) file.');
  return { file, password };
}

const signingRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/api/SigningKey', { schema: getKeySchema, preHandler: app.requireStaff }, async (request) => {
    const council = councilOf(request).userId;
    const office = await officeOf(app.db, council);
    const { info } = await signingKeyOf(app.db, app.config.signingKeySecret, council, office.officeNameEnglish || office.officeName);
    return ok(info);
  });

  app.post('/api/SigningKey', { schema: uploadKeySchema, preHandler: app.requireStaff }, async (request) => {
    const { file, password } = await readUpload(request);
    const info = await uploadKey(app.db, app.config.signingKeySecret, councilOf(request).userId, file, password);
    return ok(info, 'स्वाक्षरीची की यशस्वीरीत्या बदलली. / The signing key was replaced.');
  });
};

export default signingRoutes;
