// The certificate PDFs read back as a reader would: the text layer with pdftotext (copy, search,
// screen readers), the QR code with pdftoppm + zbarimg, pages and images with pdfinfo / pdfimages.
import { execFileSync } from 'node:child_process';
import { beforeAll, describe, expect, it } from 'vitest';
import { KINDS as TABLES, type KindName } from '../../common/certificates/kinds.ts';
import {
  label,
  optionWords,
  renderBirthPdf,
  renderCertificate,
  renderDeathPdf,
  renderMarriagePdf,
  renderResidencePdf,
} from '../../server/modules/certificates/pdf.ts';
import { subsetCacheHits, useWrappedLines } from '../../server/lib/pdf/core.ts';
import { timeless } from '../helpers/pdf-bytes.ts';
import { birth, day, death, marriage, office, photo, residence } from '../helpers/certificate-records.ts';
import { pdfText, pdfQr, pdfFacts, withPdfFile } from '../helpers/pdf-read.ts';

const pdfPages = (pdf: Buffer) => pdfFacts(pdf).pages;
/** Every row of `pdfimages -list`: the images and any soft masks. */
const pdfImages = (pdf: Buffer) =>
  withPdfFile(pdf, (file) => execFileSync('pdfimages', ['-list', file], { encoding: 'utf8' }))
    .trim()
    .split('\n')
    .slice(2).length;
/** Twelve digits in a row (spaces allowed between groups): a full Aadhaar number. */
const fullAadhaars = (text: string) => text.match(/\b\d{4}\s?\d{4}\s?\d{4}\b/g) ?? [];

const BASE = 'https://gp.example.in';
const qrUrl = (kind: string, id: string) => `${BASE}/${kind}qr/${id}`;

const KINDS = [
  {
    kind: 'birth',
    url: qrUrl('birth', birth.birthCertificatesId),
    render: () => renderBirthPdf(birth, office, qrUrl('birth', birth.birthCertificatesId), { issuedOn: day('2026-11-22') }),
    names: [birth.childFullNameMarathi, birth.childFullNameEnglish, birth.fatherFullNameMarathi, birth.motherFullNameEnglish],
    aadhaar: ['XXXX XXXX 9012'],
    also: [
      'जन्म प्रमाणपत्र',
      'BIRTH CERTIFICATE',
      'प्राथमिक आरोग्य केंद्र, वडगाव',
      'एक नोव्हेंबर दोन हजार सव्वीस',
      '01/11/2026',
      '05/11/2026',
      '22/11/2026',
      'JNM/2026/0142',
      'मूळ नोंदीवरून घेतली आहे',
      'taken from the original record of birth',
      'the local area of Gram Panchayat Office Wadgaon',
    ],
  },
  {
    kind: 'death',
    url: qrUrl('death', death.deathCertificatesId),
    render: () => renderDeathPdf(death, office, qrUrl('death', death.deathCertificatesId), { issuedOn: day('2026-11-22') }),
    names: [death.deceasedNameMarathi, death.deceasedNameEnglish, death.spouseNameMarathi, death.fatherNameMarathi],
    aadhaar: ['XXXX XXXX 1098'],
    also: [
      'मृत्यू प्रमाणपत्र',
      'DEATH CERTIFICATE',
      'First November Two Thousand Twenty Six',
      'एक नोव्हेंबर दोन हजार सव्वीस',
      '78 years',
      '78 वर्षे',
      'MRT/2026/0037',
      '03/11/2026',
      'पुरुष',
    ],
  },
  {
    kind: 'residence',
    url: qrUrl('residence', residence.residentialCertificatesIdCertId),
    render: () => renderResidencePdf(residence, office, qrUrl('residence', residence.residentialCertificatesIdCertId)),
    names: [residence.applicantNameMarathi, residence.applicantNameEnglish, residence.guardianNameMarathi, residence.guardianNameEnglish],
    aadhaar: ['XXXX XXXX 2345'],
    also: [
      'रहिवासी दाखला',
      'RESIDENCE CERTIFICATE',
      'son / daughter of Vitthal Baburao Chavan',
      'aged 34 years',
      'शेती',
      'Farming',
      'RHV/2026/0311',
      '10/11/2026',
      'रहिवासी आहेत',
    ],
  },
  {
    kind: 'marriage',
    url: qrUrl('marriage', marriage.marriageCertificatesId),
    render: async () =>
      renderMarriagePdf(marriage, office, qrUrl('marriage', marriage.marriageCertificatesId), {
        husband: await photo('jpeg', '#2e86c1'),
        wife: await photo('png', '#c0392b'),
      }),
    names: [marriage.husbandNameMarathi, marriage.husbandNameEnglish, marriage.wifeNameMarathi, marriage.wifeNameEnglish],
    aadhaar: ['XXXX XXXX 3456', 'XXXX XXXX 4567'],
    also: [
      'विवाह नोंदणी प्रमाणपत्र',
      'CERTIFICATE OF REGISTRATION OF MARRIAGE',
      "Form 'E'",
      'खंड क्रमांक',
      'Volume (khand) No.',
      'VIV/2026/0019',
      '15/11/2026',
      '20/11/2026',
      '21/11/2026',
      'Shri Vitthal Mangal Karyalay, Wadgaon',
      'Registrar of Marriages (Gram Sevak)',
      '28 years 8 months',
    ],
  },
] as const;

describe.each(KINDS)('the $kind certificate PDF', (c) => {
  let pdf: Buffer;
  let text: string;
  beforeAll(async () => {
    pdf = await c.render();
    text = pdfText(pdf);
  });

  it('is one A4 page', () => {
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdfPages(pdf)).toBe(1);
    expect(pdfFacts(pdf).pageSize).toMatch(/\(A4\)/);
  });

  it('gives back the exact Marathi and English names as text', () => {
    for (const name of c.names) expect(text).toContain(name);
  });

  it('prints the office header in both languages', () => {
    for (const s of ['ग्रामपंचायत कार्यालय वडगाव', 'Gram Panchayat Office Wadgaon', 'ता. मावळ, जि. पुणे', 'Tal. Maval, Dist. Pune'])
      expect(text).toContain(s);
  });

  it('prints Aadhaar numbers masked to the last four digits, never in full', () => {
    for (const masked of c.aadhaar) expect(text).toContain(masked);
    expect(fullAadhaars(text)).toEqual([]);
  });

  it('prints the fields of its form', () => {
    for (const s of c.also) expect(text).toContain(s);
  });

  it('labels its cells as the field table says (the `pdf` label), Marathi above English', () => {
    const labelled = TABLES[c.kind as KindName].fields.filter((f) => f.pdf);
    expect(labelled.length).toBeGreaterThan(0);
    for (const f of labelled) expect(text).toContain(`${f.pdf!.mr}\n${f.pdf!.en}\n`);
  });

  it('has a signature block, a seal and a QR code that opens the public page', () => {
    for (const s of ['स्वाक्षरी / Signature', 'कार्यालयीन शिक्का', 'सत्यता तपासण्यासाठी स्कॅन करा', 'Scan to verify']) expect(text).toContain(s);
    expect(pdfQr(pdf)).toBe(c.url);
  });
});

describe('birth and death certificate footers', () => {
  it('ask for every birth and death to be registered, in both languages', async () => {
    for (const pdf of [await KINDS[0].render(), await KINDS[1].render()]) {
      const text = pdfText(pdf);
      expect(text).toContain('प्रत्येक जन्म व मृत्यूची नोंद करा');
      expect(text).toContain('Ensure registration of every birth and death');
    }
  });
});

describe('the age of the deceased', () => {
  it('prints 0 as under one year (an infant), and whole years as years', async () => {
    const infant = pdfText(await renderDeathPdf({ ...death, ageOfDeceased: 0 }, office, 'https://gp.example.in/x'));
    expect(infant).toContain('एक वर्षापेक्षा कमी');
    expect(infant).toContain('Under 1 year');
    expect(pdfText(await renderDeathPdf(death, office, 'https://gp.example.in/x'))).toContain('78 years');
  });
});

describe('marriage photographs', () => {
  it('embeds the husband and wife photos, a WebP one converted', async () => {
    const pdf = await renderMarriagePdf(marriage, office, BASE, {
      husband: await photo('webp', '#2e86c1'),
      wife: await photo('jpeg', '#c0392b'),
    });
    expect(pdfImages(pdf)).toBe(2);
    expect(pdfText(pdf)).not.toContain('Photograph');
  });

  it('leaves empty frames for missing or unreadable photos, still one page', async () => {
    const pdf = await renderMarriagePdf(marriage, office, BASE, { husband: Buffer.from('not a picture') });
    expect(pdfImages(pdf)).toBe(0);
    expect(pdfPages(pdf)).toBe(1);
    const text = pdfText(pdf);
    expect(text.match(/Photograph/g)).toHaveLength(2);
  });
});

describe('records with gaps and records with very long values', () => {
  it('print a dash for what is missing', async () => {
    const text = pdfText(
      await renderBirthPdf({ childFullNameMarathi: 'आर्या', childFullNameEnglish: 'Arya', birthDate: null }, office, BASE),
    );
    expect(text).toContain('Arya');
    expect(text).toContain('—');
  });

  it('stay on one page', async () => {
    const long = (s: string, n: number) => s.repeat(Math.ceil(n / s.length)).slice(0, n);
    const mr = long('घर क्र. २१७, शिवाजी चौक, मु. पो. वडगाव, ', 500);
    const en = long('House No. 217, Shivaji Chowk, At Post Wadgaon, ', 500);
    const pdfs = [
      await renderBirthPdf(
        {
          ...birth,
          addressAtBirthMarathi: mr,
          addressAtBirthEnglish: en,
          permanentAddressMarathi: mr,
          permanentAddressEnglish: en,
          birthPlaceMarathi: mr.slice(0, 300),
          birthPlaceEnglish: en.slice(0, 300),
          remarksMarathi: mr,
          remarksEnglish: en,
        },
        office,
        BASE,
      ),
      await renderDeathPdf(
        {
          ...death,
          addressAtDeathMarathi: mr,
          addressAtDeathEnglish: en,
          permanentAddressMarathi: mr,
          permanentAddressEnglish: en,
          remarksMarathi: mr,
          remarksEnglish: en,
        },
        office,
        BASE,
      ),
      await renderMarriagePdf(
        {
          ...marriage,
          husbandPermAddressMarathi: mr,
          husbandPermAddressEnglish: en,
          wifePermAddressMarathi: mr,
          wifePermAddressEnglish: en,
          marriagePlaceMarathi: mr.slice(0, 300),
          marriagePlaceEnglish: en.slice(0, 300),
          remarksMarathi: mr,
          remarksEnglish: en,
        },
        office,
        BASE,
      ),
    ];
    for (const pdf of pdfs) expect(pdfPages(pdf)).toBe(1);
  });
});

describe('a certificate printed again', () => {
  it('reuses the font subsets of its first print, giving the same file but for the time', async () => {
    // A name no other test prints: its glyphs, in their order, are new to the subset cache.
    const record = { ...birth, childFullNameMarathi: 'क्षितिज ऋषिकेश ढेकणे', childFullNameEnglish: 'Kshitij Hrishikesh Dhekane' };
    const url = `${BASE}/birthqr/${birth.birthCertificatesId}`;
    const before = subsetCacheHits();
    const first = await renderBirthPdf(record, office, url);
    // The bold subset (labels alone) is every birth certificate's; the regular one holds the new name.
    expect(subsetCacheHits() - before).toBeLessThan(2);
    const other = await renderDeathPdf(death, office, `${BASE}/deathqr/${death.deathCertificatesId}`);
    const afterOther = subsetCacheHits();
    const again = await renderBirthPdf(record, office, url);
    // Both fonts of the page (regular and bold) come from the cache.
    expect(subsetCacheHits()).toBe(afterOther + 2);
    expect(timeless(again)).toBe(timeless(first));
    expect(timeless(again)).not.toBe(timeless(await renderBirthPdf(birth, office, url)));
    expect(pdfText(again)).toContain('क्षितिज ऋषिकेश ढेकणे');
    expect(pdfText(other)).toContain(death.deceasedNameMarathi);
  });
});

describe('texts set again', () => {
  // pdfkit's wrapper breaks each text into lines; a text set again is drawn from the lines it made
  // the first time (server/lib/pdf/core.ts). Both ways must give the same file.
  it('draw every kind with the same bytes as pdfkit wrapping each text', async () => {
    const photos = { husband: await photo('jpeg', '#2e86c1'), wife: await photo('webp', '#c0392b') };
    const renders = [
      () => renderBirthPdf(birth, office, `${BASE}/birthqr/${birth.birthCertificatesId}`),
      () => renderDeathPdf(death, office, `${BASE}/deathqr/${death.deathCertificatesId}`),
      () => renderResidencePdf(residence, office, `${BASE}/residenceqr/${residence.residentialCertificatesIdCertId}`),
      () => renderMarriagePdf(marriage, office, `${BASE}/marriageqr/${marriage.marriageCertificatesId}`, photos),
    ];
    try {
      for (const render of renders) {
        useWrappedLines(false);
        const wrapped = timeless(await render());
        useWrappedLines(true);
        await render(); // keeps the lines of any text not yet set
        expect(timeless(await render())).toBe(wrapped);
      }
    } finally {
      useWrappedLines(true);
    }
  });
});

describe('renderCertificate (the service entry)', () => {
  it('renders each kind with the issue date and photos it is given', async () => {
    const pdf = await renderCertificate('marriage', marriage, office, {
      qrUrl: KINDS[3].url,
      issuedOn: day('2026-12-01'),
      photos: { husbandPhoto: await photo('jpeg', '#111111'), wifePhoto: await photo('jpeg', '#eeeeee') },
    });
    expect(pdfImages(pdf)).toBe(2);
    // Form E's own issue date comes first.
    expect(pdfText(pdf)).toContain('21/11/2026');
    const birthPdf = await renderCertificate('birth', birth, office, { qrUrl: KINDS[0].url, issuedOn: day('2026-12-01') });
    expect(pdfText(birthPdf)).toContain('01/12/2026');
  });
});

describe('labels and option words from the field table', () => {
  it("takes a field's PDF label, or its form label when the table gives none", () => {
    expect(label('marriage', 'registrationNumber')).toEqual({ mr: 'प्रमाणपत्र / अनुक्रमांक', en: 'Certificate / serial No.' });
    expect(label('birth', 'serialNo')).toEqual({ mr: 'अनुक्रमांक', en: 'Serial no.' });
    expect(() => label('birth', 'noSuchField')).toThrow(/no field noSuchField/);
  });

  it("prints a choice in its option's PDF words, in any letter case, and leaves an unknown value to the caller", () => {
    expect(optionWords('residence', 'applicantProfession', 'JOB')).toEqual(['नोकरी', 'Service']);
    expect(optionWords('residence', 'applicantProfession', 'farming')).toEqual(['शेती', 'Farming']);
    expect(optionWords('death', 'genderEnglish', 'Female')).toEqual(['स्त्री', 'Female']);
    expect(optionWords('residence', 'applicantProfession', 'Teacher')).toBeUndefined();
    expect(() => optionWords('birth', 'birthDate', 'x')).toThrow(/not a choice/);
  });

  it('prints the residence profession "job" as Service in the table and the statement', async () => {
    const text = pdfText(await renderResidencePdf({ ...residence, applicantProfession: 'job' }, office, BASE));
    expect(text).toContain('व्यवसाय\nProfession\nनोकरी\nService\n');
    expect(text).toContain('profession: Service');
    expect(text).toContain('व्यवसाय: नोकरी');
  });
});

describe('words that agree (issue 14)', () => {
  const url = qrUrl('residence', residence.residentialCertificatesIdCertId);
  it.each([
    ['Female', 'यांची मुलगी', 'daughter of Vitthal Baburao Chavan'],
    ['Male', 'यांचा मुलगा', 'son of Vitthal Baburao Chavan'],
  ])('a residence certificate of a %s applicant prints the one relation that applies', async (gender, mr, en) => {
    const text = pdfText(await renderResidencePdf({ ...residence, applicantGender: gender }, office, url)).replace(/\s+/g, ' ');
    expect(text).toContain(mr);
    expect(text).toContain(en);
    expect(text).not.toContain('son / daughter');
    expect(text).not.toContain('मुलगा / ');
  });

  it('an age of one year and one month is singular in both languages', async () => {
    const text = pdfText(
      await renderMarriagePdf(
        { ...marriage, husbandAgeYears: 21, husbandAgeMonths: 1, wifeAgeYears: 1, wifeAgeMonths: 0 },
        office,
        qrUrl('marriage', marriage.marriageCertificatesId),
        {},
      ),
    ).replace(/\s+/g, ' ');
    expect(text).toContain('21 years 1 month');
    expect(text).not.toContain('1 months');
    expect(text).toContain('21 वर्षे 1 महिना');
    expect(text).toContain('1 वर्ष');
  });
});
