// Where each certificate kind lives on the API (spec 7) and in the staff app, and its name, apart
// from the field tables so the web dashboard's counts and the staff app's route table load without them.
import type { Label } from '../fields/index.ts';

export type KindName = 'birth' | 'death' | 'residence' | 'marriage';

export interface KindPaths {
  /** The staff screen of the kind (spec 2's addresses). */
  screen: string;
  /** Screen title (the staff screen) and the public page's title. */
  title: Label;
  base: string;
  listPath: string;
  /** With ":id" where the certificate id goes. */
  pdfPath: string;
  /** The id's name on the wire (and the column). */
  idField: string;
  /** Other spellings of the id an earlier client sends; accepted in bodies and ignored (the path wins). */
  idAliases: readonly string[];
}

export const PATHS: Record<KindName, KindPaths> = {
  birth: {
    screen: '/birthCertForm',
    title: { mr: 'जन्म प्रमाणपत्र', en: 'Birth certificates' },
    base: '/api/BirthCertificate',
    listPath: '/api/BirthCertificate/paged',
    pdfPath: '/api/BirthCertificate/GeneratePdf/:id',
    idField: 'birthCertificatesId',
    idAliases: ['birthCertificatesID'],
  },
  death: {
    screen: '/deathCertForm',
    title: { mr: 'मृत्यू प्रमाणपत्र', en: 'Death certificates' },
    base: '/api/DeathCertificate',
    listPath: '/api/DeathCertificate/paged',
    pdfPath: '/api/DeathCertificate/pdf/:id',
    idField: 'deathCertificatesId',
    idAliases: ['deathCertificateId'],
  },
  residence: {
    screen: '/residentialCertForm',
    title: { mr: 'रहिवासी दाखला', en: 'Residence certificates' },
    base: '/api/ResidenceCertificate',
    listPath: '/api/ResidenceCertificate',
    pdfPath: '/api/ResidenceCertificate/pdf/:id',
    idField: 'residentialCertificatesIdCertId',
    idAliases: ['residentialCertificatesId'],
  },
  marriage: {
    screen: '/marriageCertForm',
    title: { mr: 'विवाह नोंदणी प्रमाणपत्र', en: 'Marriage certificates' },
    base: '/api/MarriageCertificate',
    listPath: '/api/MarriageCertificate/paged',
    pdfPath: '/api/MarriageCertificate/GeneratePdf/:id',
    idField: 'marriageCertificatesId',
    idAliases: [],
  },
};
