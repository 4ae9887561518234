// Contract of the PDF signing routes (issue 31): the council's key on the staff settings screen, and
// the public check of a signed PDF.
import { Type, type Static } from 'typebox';
import { Envelope, errors } from '../../lib/schema.ts';

export const SigningKeyView = Type.Object({
  version: Type.Integer({ description: 'Moves up with each key the council has had; older ones still verify what they signed' }),
  selfIssued: Type.Boolean({
    description:
      'true: a key the portal made for the council (स्वयं-निर्मित), vouched for by no certificate authority; false: an uploaded DSC',
  }),
  signer: Type.String({ description: 'Who signs, as the certificate names them (its common name)' }),
  issuer: Type.String({ description: 'Who issued the certificate (its common name)' }),
  certSha256: Type.String({ description: 'SHA-256 of the signing certificate, hex' }),
  validFrom: Type.String({ format: 'date-time' }),
  validTo: Type.String({ format: 'date-time' }),
  createdAt: Type.String({ format: 'date-time' }),
});
export type SigningKeyView = Static<typeof SigningKeyView>;

export const getKeySchema = {
  operationId: 'getSigningKey',
  tags: ['Signing'],
  summary: "The council's PDF signing key (a self-issued one is made on first use); nothing secret",
  response: { 200: Envelope(SigningKeyView) },
};

export const uploadKeySchema = {
  operationId: 'uploadSigningKey',
  tags: ['Signing'],
  summary: "Replaces the council's signing key with a PKCS#12 file (.p12 / .pfx, e.g. a Class 3 DSC): multipart with `file` and `password`",
  description:
    'The key is stored encrypted (SIGNING_KEY_SECRET); earlier keys are kept so the documents they signed still verify. ' +
    'A wrong password, a file without a key or an expired certificate answers 400 in Marathi then English.',
  consumes: ['multipart/form-data'],
  response: { 200: Envelope(SigningKeyView), ...errors(400, 413) },
};
