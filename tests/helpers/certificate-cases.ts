// Valid certificates of each kind, their photos, and registering one over HTTP as the web client
// does (JSON, or multipart with photos for marriage). No server code and no vitest in here, so the
// benches can use it; certificates.ts sends them in-process and reads the PDFs back.
import sharp from 'sharp';
import type { ApiCall } from './http-api.ts';
import type { FormPart } from './multipart.ts';

export type KindName = 'birth' | 'death' | 'residence' | 'marriage';
export type Body = Record<string, unknown>;

export interface KindCase {
  kind: KindName;
  base: string;
  listUrl: string;
  pdfUrl: (id: string) => string;
  idField: string;
  /** The name columns of the main person, searched by nameFilter. */
  nameEn: string;
  nameMr: string;
  /** Aadhaar fields that the public view shows (masked). */
  publicAadhaar: string[];
  valid: (names?: { en: string; mr: string }) => Body;
}

/** Registration numbers are unique per council and kind, so each valid body gets its own. */
let numbers = 0;
const nextNumber = (prefix: string) => `${prefix}${String(++numbers).padStart(3, '0')}`;

const person = (names: { en: string; mr: string } | undefined, en: string, mr: string) => names ?? { en, mr };

export const KIND_CASES: KindCase[] = [
  {
    kind: 'birth',
    base: '/api/BirthCertificate',
    listUrl: '/api/BirthCertificate/paged',
    pdfUrl: (id) => `/api/BirthCertificate/GeneratePdf/${id}`,
    idField: 'birthCertificatesId',
    nameEn: 'childFullNameEnglish',
    nameMr: 'childFullNameMarathi',
    publicAadhaar: [],
    valid: (names) => {
      const n = person(names, 'Aarav Dnyaneshwar Patil', 'आरव ज्ञानेश्वर पाटील');
      return {
        serialNo: 12,
        registrationNo: nextNumber('B-2026/'),
        registrationDate: '2026-01-12',
        birthDate: '2026-01-01',
        childFullNameEnglish: n.en,
        childFullNameMarathi: n.mr,
        childAadharNumber: '123456789012',
        gender: 'Male',
        birthPlaceMarathi: 'प्राथमिक आरोग्य केंद्र, पिंपळगाव',
        birthPlaceEnglish: 'Primary Health Centre, Pimpalgaon',
        addressAtBirthMarathi: 'मु. पो. पिंपळगाव',
        addressAtBirthEnglish: 'At post Pimpalgaon',
        permanentAddressMarathi: 'मु. पो. पिंपळगाव',
        permanentAddressEnglish: 'At post Pimpalgaon',
        fatherFullNameMarathi: 'ज्ञानेश्वर कृष्ण पाटील',
        fatherFullNameEnglish: 'Dnyaneshwar Krishna Patil',
        fatherAadharNumber: '234567890123',
        fatherMobileNumber: '9876543210',
        fatherOccupation: 'farming',
        fatherBirthDate: null,
        motherFullNameMarathi: 'प्रियांका पाटील',
        motherFullNameEnglish: 'Priyanka Patil',
        motherAadharNumber: '345678901234',
        motherMobileNumber: '9123456789',
        motherOccupation: 'housewife',
        motherBirthDate: '1998-04-30',
        motherAgeAtMarriage: 0,
        numberOfLivingChildren: 1,
        birthWeightKg: 3.25,
        remarksMarathi: '',
        remarksEnglish: '',
      };
    },
  },
  {
    kind: 'death',
    base: '/api/DeathCertificate',
    listUrl: '/api/DeathCertificate/paged',
    pdfUrl: (id) => `/api/DeathCertificate/pdf/${id}`,
    idField: 'deathCertificatesId',
    nameEn: 'deceasedNameEnglish',
    nameMr: 'deceasedNameMarathi',
    publicAadhaar: [],
    valid: (names) => {
      const n = person(names, 'Sitabai Ramchandra Shinde', 'सीताबाई रामचंद्र शिंदे');
      return {
        registrationNumber: nextNumber('D-2026/'),
        registrationDate: '2026-03-05',
        deceasedNameEnglish: n.en,
        deceasedNameMarathi: n.mr,
        genderEnglish: 'Female',
        aadhaarNumberDeceased: '456789012345',
        dateOfDeath: '2026-03-01',
        placeOfDeathMarathi: 'राहते घर, पिंपळगाव',
        placeOfDeathEnglish: 'Residence, Pimpalgaon',
        ageOfDeceased: 84,
        spouseNameMarathi: 'रामचंद्र शिंदे',
        spouseNameEnglish: 'Ramchandra Shinde',
        spouseAadhaarNumber: '567890123456',
        fatherNameMarathi: 'विठ्ठल जाधव',
        fatherNameEnglish: 'Vitthal Jadhav',
        motherNameMarathi: 'रखमाबाई जाधव',
        motherNameEnglish: 'Rakhmabai Jadhav',
        addressAtDeathMarathi: 'मु. पो. पिंपळगाव',
        addressAtDeathEnglish: 'At post Pimpalgaon',
      };
    },
  },
  {
    kind: 'residence',
    base: '/api/ResidenceCertificate',
    listUrl: '/api/ResidenceCertificate',
    pdfUrl: (id) => `/api/ResidenceCertificate/pdf/${id}`,
    idField: 'residentialCertificatesIdCertId',
    nameEn: 'applicantNameEnglish',
    nameMr: 'applicantNameMarathi',
    publicAadhaar: ['applicantAadhaar'],
    valid: (names) => {
      const n = person(names, 'Shreya Sunil Kulkarni', 'श्रेया सुनील कुलकर्णी');
      return {
        registrationNumber: nextNumber('R-2026/'),
        registrationDate: '2026-02-10',
        applicantNameEnglish: n.en,
        applicantNameMarathi: n.mr,
        applicantAadhaar: '678901234567',
        applicantAge: 24,
        applicantMobile: '9876501234',
        guardianNameMarathi: 'सुनील कुलकर्णी',
        guardianNameEnglish: 'Sunil Kulkarni',
        applicantProfession: 'job',
      };
    },
  },
  {
    kind: 'marriage',
    base: '/api/MarriageCertificate',
    listUrl: '/api/MarriageCertificate/paged',
    pdfUrl: (id) => `/api/MarriageCertificate/GeneratePdf/${id}`,
    idField: 'marriageCertificatesId',
    nameEn: 'husbandNameEnglish',
    nameMr: 'husbandNameMarathi',
    publicAadhaar: [],
    valid: (names) => {
      const n = person(names, 'Rohit Ashok Deshmukh', 'रोहित अशोक देशमुख');
      return {
        registrationNumber: nextNumber('M-2026/'),
        registrationDate: '2026-06-12',
        marriageDate: '2026-05-20',
        issueDate: '',
        khandNumber: '3',
        husbandNameEnglish: n.en,
        husbandNameMarathi: n.mr,
        husbandFatherNameMarathi: 'अशोक देशमुख',
        husbandFatherNameEnglish: 'Ashok Deshmukh',
        husbandPermAddressMarathi: 'मु. पो. लासलगाव',
        husbandPermAddressEnglish: 'At post Lasalgaon',
        husbandAadhaar: '789012345678',
        husbandBirthDate: '1998-02-28',
        wifeNameMarathi: 'स्नेहा रोहित देशमुख',
        wifeNameEnglish: 'Sneha Rohit Deshmukh',
        wifeFatherNameMarathi: 'प्रकाश गायकवाड',
        wifeFatherNameEnglish: 'Prakash Gaikwad',
        wifePermAddressMarathi: 'मु. पो. पिंपळगाव',
        wifePermAddressEnglish: 'At post Pimpalgaon',
        wifeAadhaar: '890123456789',
        wifeBirthDate: '2001-08-15',
        marriagePlaceMarathi: 'श्री मंगल कार्यालय',
        marriagePlaceEnglish: 'Shri Mangal Karyalay',
        underMarriageAct: 'Yes',
        ceremonyCompletedByLaw: 'Yes',
        officiantNameMarathi: 'वेदमूर्ती गणेश जोशी',
        witness1NameMarathi: 'संजय पवार',
        witness1AddressMarathi: 'पिंपळगाव',
        priestAge: '',
      };
    },
  },
];

export const caseOf = (kind: KindName) => KIND_CASES.find((c) => c.kind === kind)!;

/** A small real photo: a face-like drawing on a coloured background. */
export async function photo(format: 'jpeg' | 'png' | 'webp' = 'jpeg', background = '#c8d8e8', width = 240, height = 300): Promise<Buffer> {
  const svg = `<svg width="${width}" height="${height}"><circle cx="${width / 2}" cy="${height * 0.37}" r="${width * 0.23}" fill="#e0b080"/><rect x="${width * 0.2}" y="${height * 0.62}" width="${width * 0.6}" height="${height * 0.38}" fill="#3050a0"/></svg>`;
  const image = sharp({ create: { width, height, channels: 3, background } }).composite([{ input: Buffer.from(svg) }]);
  return image[format]().toBuffer();
}

export type PhotoParts = Partial<Record<'husbandPhoto' | 'wifePhoto' | 'witness1Photo' | 'witness2Photo' | 'witness3Photo', Buffer>>;

let defaultPhotos: PhotoParts | undefined;
export async function couplePhotos(): Promise<PhotoParts> {
  defaultPhotos ??= { husbandPhoto: await photo('jpeg', '#c8d8e8'), wifePhoto: await photo('png', '#e8d0d8') };
  return defaultPhotos;
}

/** Text parts as a browser's FormData sends them (null as "null", numbers as text), then the photos. */
export function marriageParts(body: Body, photos: PhotoParts) {
  const parts: FormPart[] = Object.entries(body).map(([name, v]) => ({ name, value: v === null ? 'null' : String(v) }));
  for (const [name, value] of Object.entries(photos)) parts.push({ name, value, filename: `${name}.jpg`, contentType: 'image/jpeg' });
  return parts;
}

/** Registers a certificate over HTTP (POST, as the web client sends it; marriage with the two
 *  photos unless `photos` says otherwise); answers the saved record. */
export async function registerCertificate(call: ApiCall, c: KindCase, body: Body, photos?: PhotoParts): Promise<Body> {
  if (c.kind !== 'marriage') return call('POST', c.base, body);
  const form = new FormData();
  for (const part of marriageParts(body, photos ?? (await couplePhotos())))
    if (typeof part.value === 'string') form.append(part.name, part.value);
    else form.append(part.name, new Blob([new Uint8Array(part.value)], { type: part.contentType }), part.filename);
  return call('POST', c.base, form);
}
