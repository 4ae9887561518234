// Where each kind lives on the API (spec 7). Kept apart from the field tables so the dashboard
// counts load without them.
export type KindName = 'birth' | 'death' | 'residence' | 'marriage';

export interface KindPaths { base: string; listPath: string; pdfPath: (id: string) => string; idField: string }

export const PATHS: Record<KindName, KindPaths> = {
  birth: { base: '/api/BirthCertificate', listPath: '/api/BirthCertificate/paged', pdfPath: (id) => `/api/BirthCertificate/GeneratePdf/${id}`, idField: 'birthCertificatesId' },
  death: { base: '/api/DeathCertificate', listPath: '/api/DeathCertificate/paged', pdfPath: (id) => `/api/DeathCertificate/pdf/${id}`, idField: 'deathCertificatesId' },
  residence: { base: '/api/ResidenceCertificate', listPath: '/api/ResidenceCertificate', pdfPath: (id) => `/api/ResidenceCertificate/pdf/${id}`, idField: 'residentialCertificatesIdCertId' },
  marriage: { base: '/api/MarriageCertificate', listPath: '/api/MarriageCertificate/paged', pdfPath: (id) => `/api/MarriageCertificate/GeneratePdf/${id}`, idField: 'marriageCertificatesId' },
};

/** The list query of spec 7 (the server takes the council from the token; userId is for the earlier client). */
export function listQuery(userId: number, pageNumber: number, pageSize: number, nameFilter = '') {
  const q = new URLSearchParams({ userId: String(userId), pageNumber: String(pageNumber), pageSize: String(pageSize) });
  if (nameFilter.trim()) q.set('nameFilter', nameFilter.trim());
  return q.toString();
}
