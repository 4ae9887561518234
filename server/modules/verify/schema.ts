// Contract of the public check of a signed PDF (issue 31).
import { Type } from 'typebox';
import { Envelope, errors } from '../../lib/schema.ts';

const Nullable = (description: string) => Type.Union([Type.String(), Type.Null()], { description });

export const VerifyResult = Type.Object({
  genuine: Type.Boolean({ description: 'true only when the signature holds, is the council’s key, and the record is unchanged since' }),
  kind: Nullable('birth, death, residence, marriage, namuna8 or receipt; null when the PDF names none'),
  registrationNumber: Nullable('The record’s number as the register has it now'),
  signedBy: Nullable('The signing certificate’s common name'),
  signedAt: Nullable('When it was signed (ISO date-time)'),
  reason: Type.String({ description: 'Why, Marathi then English ("Superseded by a newer version on DATE", …)' }),
});

export const verifySchema = {
  operationId: 'verifySignedPdf',
  tags: ['Public'],
  summary: 'Checks a PDF the portal signed (multipart field `file`): genuine, or why not',
  description:
    'Genuine when the signature is valid over the whole file, made with a key the issuing council has had, and the record still has ' +
    'the content it was signed with. Limited per client address a minute and per council an hour (PUBLIC_VERIFY_*_LIMIT).',
  consumes: ['multipart/form-data'],
  response: { 200: Envelope(VerifyResult), ...errors(400, 413, 429) },
};
