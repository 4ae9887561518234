// Where each certificate kind lives on the API (spec 7), apart from the field tables so the web
// dashboard's counts load without them.
export type KindName = 'birth' | 'death' | 'residence' | 'marriage';

export interface KindPaths {
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
    base: '/api/BirthCertificate',
    listPath: '/api/BirthCertificate/paged',
    pdfPath: '/api/BirthCertificate/GeneratePdf/:id',
    idField: 'birthCertificatesId',
    idAliases: ['birthCertificatesID'],
  },
  death: {
    base: '/api/DeathCertificate',
    listPath: '/api/DeathCertificate/paged',
    pdfPath: '/api/DeathCertificate/pdf/:id',
    idField: 'deathCertificatesId',
    idAliases: ['deathCertificateId'],
  },
  residence: {
    base: '/api/ResidenceCertificate',
    listPath: '/api/ResidenceCertificate',
    pdfPath: '/api/ResidenceCertificate/pdf/:id',
    idField: 'residentialCertificatesIdCertId',
    idAliases: ['residentialCertificatesId'],
  },
  marriage: {
    base: '/api/MarriageCertificate',
    listPath: '/api/MarriageCertificate/paged',
    pdfPath: '/api/MarriageCertificate/GeneratePdf/:id',
    idField: 'marriageCertificatesId',
    idAliases: [],
  },
};
