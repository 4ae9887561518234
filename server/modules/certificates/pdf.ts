// The four certificates as one-page A4 PDFs in Marathi and English: the office header, the title
// and legal basis of the form, the certifying sentence, the form's fields in a ruled table, then the
// date of issue, the seal, the signature block and the QR code (bottom right), and the footer the
// form asks for. Layout is placed by hand: each value is clipped to two lines, and the table's type
// shrinks (down to 70 %) rather than push the signature block off the page.
// The drawing is lib/pdf's (blocks and the label–value table); this file says what each form prints.
// Every cell that prints a field takes its label, and a choice its words, from the field table in
// common/certificates; the words that belong to no single field (title, statute, statement, notes,
// signatory, photo captions) are the form's own and stay here.
// Aadhaar numbers print masked (Aadhaar Act s. 29(4)); dates print dd/mm/yyyy.
import type { BirthCertificate, DeathCertificate, MarriageCertificate, ResidenceCertificate } from '../../generated/prisma/client.ts';
import { maskAadhaar } from '../../lib/aadhaar.ts';
import { ageWords, formatDateEnGB, parseIsoDate, todayInIndia } from '../../../common/dates.ts';
import { englishDateWords } from '../../../common/english-words.ts';
import { marathiDateWords } from '../../../common/marathi-words.ts';
import { fieldOf, KINDS } from '../../../common/certificates/kinds.ts';
import type { Label } from '../../../common/fields/index.ts';
import {
  bilingual,
  cell,
  CONTENT,
  createDoc,
  drawFoot,
  drawFrame,
  drawHeader,
  drawLabelTable,
  drawPhoto,
  drawStatement,
  drawTitle,
  embeddable,
  footTop,
  MISSING,
  officePlace,
  PHOTO_H,
  PHOTO_W,
  toBuffer,
  type Doc,
  type Foot,
  type Line,
  type Note,
  type Office,
  type Signatory,
  type Title,
  type SignatureRequest,
} from '../../lib/pdf/index.ts';
import { genderMarathi, type KindName } from './kinds.ts';

/** A stored record as Prisma returns it (dates as Date or null, birthWeightKg a Decimal), or the same
 *  fields from anywhere else: every value is read defensively, a missing one prints as "—". */
type Rec<T> = { readonly [K in keyof T]?: unknown };
export type BirthRecord = Rec<BirthCertificate>;
export type DeathRecord = Rec<DeathCertificate>;
export type ResidenceRecord = Rec<ResidenceCertificate>;
export type MarriageRecord = Rec<MarriageCertificate>;
type Row = Readonly<Record<string, unknown>>;

export interface PdfOptions {
  /** The date of issue printed on the certificate; default today in India. The marriage
   *  certificate's own issueDate and the residence certificate's registrationDate come first. */
  issuedOn?: Date;
  /** Sign the PDF (issue 31): the council's key and the record it shows. */
  signature?: SignatureRequest;
}

export interface MarriagePhotos {
  husband?: Buffer;
  wife?: Buffer;
}

const { left: LEFT, right: RIGHT } = CONTENT;

const str = (r: Row, key: string) => (r[key] === null || r[key] === undefined ? '' : String(r[key]).trim());
/** A date column: a Date, or an ISO string when the record went through JSON. */
function dateOf(r: Row, key: string): Date | null {
  const v = r[key];
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? null : v;
  return typeof v === 'string' && v ? parseIsoDate(v) : null;
}
const enGB = (r: Row, key: string) => formatDateEnGB(dateOf(r, key));
const intOf = (r: Row, key: string) => {
  const n = Number(r[key] ?? 0);
  return Number.isFinite(n) ? Math.trunc(n) : 0;
};

/** The label of the cell that prints a field: the table's `pdf` label, else the form's. */
export function label(kind: KindName, name: string): Label {
  const f = fieldOf(KINDS[kind], name);
  return f.pdf ?? { mr: f.mr, en: f.en };
}

/** The Marathi and English words a choice field prints for a stored value (any letter case): the
 *  option's `pdf` words, else its labels; undefined when the list does not know the value. */
export function optionWords(kind: KindName, name: string, value: string): [string, string] | undefined {
  const t = fieldOf(KINDS[kind], name).type;
  if (t.t !== 'choice') throw new Error(`${kind}.${name} is not a choice`);
  const hit = t.options.find((o) => o.value.toLowerCase() === value.toLowerCase());
  const words = hit && (hit.pdf ?? hit);
  return words && [words.mr, words.en];
}

/** The cells of one kind's table, labelled from the field table. `pair` prints a Marathi/English
 *  pair (stemMarathi, stemEnglish) as one value under the Marathi field's label. */
function cellsOf(kind: KindName, r: Row) {
  const at = (name: string, ...lines: string[]) => {
    const l = label(kind, name);
    return cell(l.mr, l.en, ...lines);
  };
  const pair = (stem: string) => at(`${stem}Marathi`, ...bilingual(str(r, `${stem}Marathi`), str(r, `${stem}English`)));
  return { at, pair };
}

// ---------------------------------------------------------------- what the forms share

const VERIFY_NOTE: Note = {
  mr: 'हे प्रमाणपत्र संगणकीय प्रणालीद्वारे तयार केले आहे; क्यूआर कोड स्कॅन करून त्याची सत्यता कार्यालयीन नोंदीशी पडताळता येते.',
  en: 'Computer-generated certificate; scan the QR code to check it against the office record.',
};
/** The footer Forms 5 and 6 carry. */
const REGISTER_NOTE: Note = { mr: 'प्रत्येक जन्म व मृत्यूची नोंद करा', en: 'Ensure registration of every birth and death', strong: true };
const BD_REGISTRAR: Signatory = { mr: 'निबंधक, जन्म व मृत्यू (ग्रामसेवक)', en: 'Registrar, Births & Deaths (Gram Sevak)' };
const BD_STATUTE: [string, string] = [
  '(जन्म व मृत्यू नोंदणी अधिनियम, 1969 चे कलम 12/17 आणि महाराष्ट्र जन्म व मृत्यू नोंदणी नियम, 2000 चे नियम 8/13 अन्वये दिलेले)',
  '(Issued under Sections 12/17 of the Registration of Births and Deaths Act, 1969 and Rules 8/13 of the Maharashtra Registration of Births and Deaths Rules, 2000)',
];

/** "the local area of X, Tal. Y, Dist. Z, State of Maharashtra", in each language. */
function localArea(office: Office): [string, string] {
  const place = officePlace(office);
  return [
    `${[office.officeName, place.mr].filter(Boolean).join(', ')} (महाराष्ट्र राज्य)`,
    [office.officeNameEnglish, place.en, 'State of Maharashtra'].filter(Boolean).join(', '),
  ];
}

const genderLines = (kind: KindName, name: string, g: string) => (g ? (optionWords(kind, name, g) ?? [genderMarathi(g), g]) : []);
const dateLines = (d: Date | null, mrWords: string, enWords: string) =>
  d ? [`${formatDateEnGB(d)}  (${mrWords || marathiDateWords(d)})`, enWords || englishDateWords(d)] : [];
/** The words of the date of death are Marathi now (issue 29); an older record's are English. */
const deathDateLines = (r: Row) => {
  const words = str(r, 'dateOfDeathWords');
  const english = /[A-Za-z]/.test(words);
  return dateLines(dateOf(r, 'dateOfDeath'), english ? '' : words, english ? words : '');
};
const ageLines = (years: number, months?: number) => {
  if (!years) return [];
  const w = ageWords(years, months);
  return [w.mr, w.en];
};
/** The age of the deceased is required, so 0 is a real age: an infant under one year. */
const deathAgeLines = (r: Row) => {
  if (str(r, 'ageOfDeceased') === '') return [];
  const years = intOf(r, 'ageOfDeceased');
  return years ? ageLines(years) : ['एक वर्षापेक्षा कमी', 'Under 1 year'];
};
/** The national CRS registration number of a birth or death, a line of its own when there is one. */
const crsLine = (at: ReturnType<typeof cellsOf>['at'], r: Row): Line[] => {
  const crs = str(r, 'crsRegistrationNumber');
  return crs ? [[at('crsRegistrationNumber', crs)]] : [];
};
const issuedOn = (o: PdfOptions) => formatDateEnGB(o.issuedOn ?? todayInIndia());

/** Header, title, statement, table and foot in that order; the table gets the room between. */
function layout(
  doc: Doc,
  office: Office,
  title: Title,
  statement: [string, string],
  lines: Line[],
  foot: Foot,
  opts: { inset?: number; beside?: (titleTop: number, below: number) => number; letter?: boolean } = {},
) {
  const titleTop = drawHeader(doc, office, { top: 34 });
  let y = drawTitle(doc, title, titleTop, opts.inset);
  if (opts.beside) y = opts.beside(titleTop, y);
  y = drawStatement(doc, statement[0], statement[1], y + (opts.letter ? 10 : 0), opts.letter);
  y = drawLabelTable(doc, lines, y, footTop(doc, foot.notes.length) - 4);
  drawFoot(doc, office, foot, y);
}

async function render(title: string, office: Office, opts: PdfOptions, draw: (doc: Doc) => void): Promise<Buffer> {
  const doc = createDoc({ title, author: `${office.officeName} / ${office.officeNameEnglish}`, signature: opts.signature });
  drawFrame(doc);
  draw(doc);
  return toBuffer(doc);
}

// ---------------------------------------------------------------- the four kinds

/** Birth certificate, Form 5 (Registration of Births and Deaths Act 1969, s. 12/17; Maharashtra rules 8/13). */
export async function renderBirthPdf(rec: BirthRecord, office: Office, qrUrl: string, opts: PdfOptions = {}): Promise<Buffer> {
  const r = rec as Row;
  const [areaMr, areaEn] = localArea(office);
  const { at, pair } = cellsOf('birth', r);
  const aadhaar = maskAadhaar(str(r, 'childAadharNumber'));
  const remarks = pair('remarks');
  const nationality = str(r, 'nationality') || 'Indian';
  return render('जन्म प्रमाणपत्र / Birth Certificate', office, opts, (doc) =>
    layout(
      doc,
      office,
      { mr: 'जन्म प्रमाणपत्र', en: 'BIRTH CERTIFICATE', form: 'नमुना क्रमांक 5 (नियम 8/13)  ·  Form No. 5 (Rules 8/13)', statute: BD_STATUTE },
      [
        `प्रमाणित करण्यात येते की, खालील माहिती ${areaMr} या स्थानिक क्षेत्राच्या जन्म नोंदवहीतील मूळ नोंदीवरून घेतली आहे.`,
        `This is to certify that the following information has been taken from the original record of birth, which is the register for the local area of ${areaEn}.`,
      ],
      [
        [pair('childFullName')],
        [
          at('gender', ...genderLines('birth', 'gender', str(r, 'gender'))),
          at('nationality', ...(nationality === 'Indian' ? ['भारतीय', 'Indian'] : [nationality])),
        ],
        [at('birthDate', ...dateLines(dateOf(r, 'birthDate'), str(r, 'birthDateWords'), ''))],
        [pair('birthPlace')],
        [pair('motherFullName')],
        [pair('fatherFullName')],
        [pair('addressAtBirth')],
        [pair('permanentAddress')],
        [at('registrationNo', str(r, 'registrationNo')), at('registrationDate', enGB(r, 'registrationDate'))],
        ...crsLine(at, r),
        aadhaar ? [remarks, at('childAadharNumber', aadhaar)] : [remarks],
      ],
      { qrUrl, issued: issuedOn(opts), signatory: BD_REGISTRAR, notes: [REGISTER_NOTE, VERIFY_NOTE] },
    ),
  );
}

/** Death certificate, Form 6 (same Act and rules). */
export async function renderDeathPdf(rec: DeathRecord, office: Office, qrUrl: string, opts: PdfOptions = {}): Promise<Buffer> {
  const r = rec as Row;
  const [areaMr, areaEn] = localArea(office);
  const { at, pair } = cellsOf('death', r);
  const aadhaar = maskAadhaar(str(r, 'aadhaarNumberDeceased'));
  const remarks = pair('remarks');
  return render('मृत्यू प्रमाणपत्र / Death Certificate', office, opts, (doc) =>
    layout(
      doc,
      office,
      { mr: 'मृत्यू प्रमाणपत्र', en: 'DEATH CERTIFICATE', form: 'नमुना क्रमांक 6 (नियम 8/13)  ·  Form No. 6 (Rules 8/13)', statute: BD_STATUTE },
      [
        `प्रमाणित करण्यात येते की, खालील माहिती ${areaMr} या स्थानिक क्षेत्राच्या मृत्यू नोंदवहीतील मूळ नोंदीवरून घेतली आहे.`,
        `This is to certify that the following information has been taken from the original record of death, which is the register for the local area of ${areaEn}.`,
      ],
      [
        [pair('deceasedName')],
        [at('genderEnglish', ...genderLines('death', 'genderEnglish', str(r, 'genderEnglish'))), at('ageOfDeceased', ...deathAgeLines(r))],
        [at('dateOfDeath', ...deathDateLines(r))],
        [pair('placeOfDeath')],
        [pair('motherName')],
        [pair('fatherName')],
        [pair('spouseName')],
        [pair('addressAtDeath')],
        [pair('permanentAddress')],
        [at('registrationNumber', str(r, 'registrationNumber')), at('registrationDate', enGB(r, 'registrationDate'))],
        ...crsLine(at, r),
        aadhaar ? [remarks, at('aadhaarNumberDeceased', aadhaar)] : [remarks],
      ],
      { qrUrl, issued: issuedOn(opts), signatory: BD_REGISTRAR, notes: [REGISTER_NOTE, VERIFY_NOTE] },
    ),
  );
}

/** Residence certificate (रहिवासी दाखला): no statutory form; a letter certifying that the applicant lives here. */
export async function renderResidencePdf(rec: ResidenceRecord, office: Office, qrUrl: string, opts: PdfOptions = {}): Promise<Buffer> {
  const r = rec as Row;
  const [areaMr, areaEn] = localArea(office);
  const { at, pair } = cellsOf('residence', r);
  const profession = str(r, 'applicantProfession');
  const [profMr, profEn] = optionWords('residence', 'applicantProfession', profession) ?? [profession, profession];
  const age = intOf(r, 'applicantAge');
  const nameMr = str(r, 'applicantNameMarathi') || MISSING;
  const nameEn = str(r, 'applicantNameEnglish') || MISSING;
  const guardianMr = str(r, 'guardianNameMarathi');
  const guardianEn = str(r, 'guardianNameEnglish');
  // Records made before the gender was asked keep the old "son / daughter".
  const gender = str(r, 'applicantGender');
  const child =
    gender === 'Male'
      ? { mr: 'यांचा मुलगा', en: 'son of' }
      : gender === 'Female'
        ? { mr: 'यांची मुलगी', en: 'daughter of' }
        : gender === 'Other'
          ? { mr: 'यांचे अपत्य', en: 'child of' }
          : { mr: 'यांचा मुलगा / यांची मुलगी', en: 'son / daughter of' };
  const mr = [
    `दाखला देण्यात येतो की, ${nameMr}`,
    guardianMr && `${guardianMr} ${child.mr}`,
    age && `वय ${ageWords(age).mr}`,
    profMr && `व्यवसाय: ${profMr}`,
  ]
    .filter(Boolean)
    .join(', ');
  const en = [
    `This is to certify that ${nameEn}`,
    guardianEn && `${child.en} ${guardianEn}`,
    age && `aged ${ageWords(age).en}`,
    profEn && `profession: ${profEn}`,
  ]
    .filter(Boolean)
    .join(', ');
  const number = str(r, 'registrationNumber');
  return render('रहिवासी दाखला / Residence Certificate', office, opts, (doc) =>
    layout(
      doc,
      office,
      { mr: 'रहिवासी दाखला', en: 'RESIDENCE CERTIFICATE', form: `दाखला क्रमांक / Certificate No.: ${number || MISSING}` },
      [
        `${mr}, हे ${areaMr} यांच्या हद्दीतील गावाचे रहिवासी आहेत. अर्जदाराच्या विनंतीवरून हा दाखला देण्यात येत आहे.`,
        `${en}, is a resident of the village within the limits of ${areaEn}. This certificate is issued at the request of the applicant.`,
      ],
      [
        [pair('applicantName')],
        [pair('guardianName')],
        [at('applicantAge', ...ageLines(age)), at('applicantProfession', ...bilingual(profMr, profEn))],
        [at('applicantAadhaar', maskAadhaar(str(r, 'applicantAadhaar'))), at('registrationNumber', number)],
      ],
      {
        qrUrl,
        issued: enGB(r, 'registrationDate') || issuedOn(opts),
        place: office.officeName,
        signatory: { mr: 'ग्रामसेवक / सरपंच', en: 'Gram Sevak / Sarpanch' },
        notes: [VERIFY_NOTE],
      },
      { letter: true },
    ),
  );
}

/** Certificate of registration of marriage, Form E (Maharashtra Regulation of Marriage Bureaus and
 *  Registration of Marriages Act 1998, s. 6(1), rule 5), with the husband's and wife's photographs. */
export async function renderMarriagePdf(
  rec: MarriageRecord,
  office: Office,
  qrUrl: string,
  photos: MarriagePhotos = {},
  opts: PdfOptions = {},
): Promise<Buffer> {
  const r = rec as Row;
  const { at, pair } = cellsOf('marriage', r);
  const [husbandPhoto, wifePhoto] = await Promise.all([embeddable(photos.husband), embeddable(photos.wife)]);
  const married = enGB(r, 'marriageDate') || MISSING;
  const registered = enGB(r, 'registrationDate') || MISSING;
  const khand = str(r, 'khandNumber') || MISSING;
  const serial = str(r, 'registrationNumber') || MISSING;
  const placeMr = str(r, 'marriagePlaceMarathi') || str(r, 'marriagePlaceEnglish') || MISSING;
  const placeEn = str(r, 'marriagePlaceEnglish') || str(r, 'marriagePlaceMarathi') || MISSING;
  const age = (who: string) => {
    const years = intOf(r, `${who}AgeYears`);
    const months = intOf(r, `${who}AgeMonths`);
    return ageLines(years, months);
  };
  const spouse = (who: 'husband' | 'wife'): Line[] => [
    [pair(`${who}Name`)],
    [pair(`${who}PermAddress`)],
    [at(`${who}AgeYears`, ...age(who)), at(`${who}Aadhaar`, maskAadhaar(str(r, `${who}Aadhaar`)))],
  ];
  return render('विवाह नोंदणी प्रमाणपत्र / Certificate of Registration of Marriage', office, opts, (doc) =>
    layout(
      doc,
      office,
      {
        mr: 'विवाह नोंदणी प्रमाणपत्र',
        en: 'CERTIFICATE OF REGISTRATION OF MARRIAGE',
        form: "नमुना 'ई' (कलम 6(1) व नियम 5)  ·  Form 'E' (Section 6(1) and Rule 5)",
        statute: [
          'महाराष्ट्र विवाह मंडळांचे विनियमन आणि विवाह नोंदणी अधिनियम, 1998',
          'Maharashtra Regulation of Marriage Bureaus and Registration of Marriages Act, 1998',
        ],
      },
      [
        `प्रमाणित करण्यात येते की, खाली नमूद केलेल्या पती व पत्नीचा विवाह दिनांक ${married} रोजी ${placeMr} येथे संपन्न झाला असून त्याची नोंद वरील अधिनियमान्वये ठेवलेल्या विवाह नोंदवहीच्या खंड क्रमांक ${khand} मध्ये अनुक्रमांक ${serial} वर दिनांक ${registered} रोजी माझ्याकडून करण्यात आली आहे.`,
        `Certified that the marriage between the husband and wife named below, solemnized on ${married} at ${placeEn}, has been registered by me on ${registered} at serial number ${serial} of Volume ${khand} of the Register of Marriages maintained under the said Act.`,
      ],
      [
        ...spouse('husband'),
        ...spouse('wife'),
        [at('marriageDate', married), pair('marriagePlace')],
        [at('registrationNumber', serial), at('khandNumber', khand)],
        [at('registrationDate', registered), pair('remarks')],
      ],
      {
        qrUrl,
        issued: enGB(r, 'issueDate') || issuedOn(opts),
        place: office.officeName,
        signatory: { mr: 'विवाह निबंधक (ग्रामसेवक)', en: 'Registrar of Marriages (Gram Sevak)' },
        notes: [VERIFY_NOTE],
      },
      {
        // Photos of husband (left) and wife (right) beside the title, as Form E places them.
        inset: PHOTO_W + 12,
        beside: (titleTop, below) => {
          const top = titleTop + 9;
          drawPhoto(doc, husbandPhoto, LEFT + 4, top, 'पती', 'Husband');
          drawPhoto(doc, wifePhoto, RIGHT - PHOTO_W - 4, top, 'पत्नी', 'Wife');
          return Math.max(below, top + PHOTO_H + 18);
        },
      },
    ),
  );
}

// ---------------------------------------------------------------- one entry for the service

export interface RenderOptions {
  /** The public page the QR code opens. */
  qrUrl: string;
  /** Today in India: the date of issue unless the record has its own. */
  issuedOn?: Date;
  photos?: { husbandPhoto?: Buffer; wifePhoto?: Buffer };
  signature?: SignatureRequest;
}

/** One certificate of any kind as PDF bytes. `row` is the stored record (dates as Date). */
export function renderCertificate(kind: KindName, row: Row, office: Office, o: RenderOptions): Promise<Buffer> {
  const opts = { issuedOn: o.issuedOn, signature: o.signature };
  switch (kind) {
    case 'birth':
      return renderBirthPdf(row, office, o.qrUrl, opts);
    case 'death':
      return renderDeathPdf(row, office, o.qrUrl, opts);
    case 'residence':
      return renderResidencePdf(row, office, o.qrUrl, opts);
    case 'marriage':
      return renderMarriagePdf(row, office, o.qrUrl, { husband: o.photos?.husbandPhoto, wife: o.photos?.wifePhoto }, opts);
  }
}
