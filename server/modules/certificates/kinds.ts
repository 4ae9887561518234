// The four certificate kinds as the server uses them: the tables of common/certificates (paths,
// fields, rules, public fields) with the Prisma model of each. service.ts, schema.ts and routes.ts
// are written once against these.
import {
  birth,
  death,
  genderMarathi,
  marriage,
  MARRIAGE_PHOTOS,
  residence,
  type CertificateKind,
  type KindName,
  type MarriagePhoto,
} from '../../../common/certificates/kinds.ts';
import type { FieldDef } from '../../../common/fields/index.ts';

export { genderMarathi, MARRIAGE_PHOTOS };
export type { KindName, MarriagePhoto };
export type Field = FieldDef;

export interface Kind extends CertificateKind {
  /** Prisma model. */
  model: 'birthCertificate' | 'deathCertificate' | 'residenceCertificate' | 'marriageCertificate';
}

export const KINDS: readonly Kind[] = [
  { ...birth, model: 'birthCertificate' },
  { ...death, model: 'deathCertificate' },
  { ...residence, model: 'residenceCertificate' },
  { ...marriage, model: 'marriageCertificate' },
];
