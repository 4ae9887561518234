// Server-side rules of the birth, death and residence forms (spec section 5): each refusal is a 400
// naming the field, and the values the server derives. Marriage has its own file.
import { describe, expect, it } from 'vitest';
import { useTestApp, useCouncil } from '../helpers/app.ts';
import { caseOf, send, type Body, type KindCase } from '../helpers/certificates.ts';
import { formatDateEnGB, isoDay, todayInIndia } from '../../common/dates.ts';

const t = useTestApp();
const council = useCouncil(t);

const birth = caseOf('birth');
const death = caseOf('death');
const residence = caseOf('residence');

const tomorrow = () => isoDay(new Date(todayInIndia().getTime() + 86_400_000));

async function refused(c: KindCase, body: Body, message: string) {
  const res = await send(t.app, council, c, body);
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json()).toEqual({ isSuccess: false, message, result: null });
}

async function saved(c: KindCase, body: Body) {
  const res = await send(t.app, council, c, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().result as Body;
}

const without = (body: Body, field: string) => Object.fromEntries(Object.entries(body).filter(([k]) => k !== field));

describe('required fields', () => {
  const cases: [KindCase, string[], Body][] = [
    [
      birth,
      [
        'serialNo',
        'registrationNo',
        'registrationDate',
        'childFullNameMarathi',
        'childFullNameEnglish',
        'birthDate',
        'gender',
        'fatherOccupation',
        'motherOccupation',
      ],
      { serialNo: 0, registrationDate: null, birthDate: null },
    ],
    [
      death,
      [
        'registrationNumber',
        'registrationDate',
        'deceasedNameMarathi',
        'deceasedNameEnglish',
        'aadhaarNumberDeceased',
        'genderEnglish',
        'ageOfDeceased',
        'dateOfDeath',
        'placeOfDeathMarathi',
        'placeOfDeathEnglish',
      ],
      { registrationDate: null, dateOfDeath: null },
    ],
    [
      residence,
      [
        'registrationNumber',
        'registrationDate',
        'applicantNameMarathi',
        'applicantNameEnglish',
        'applicantAadhaar',
        'applicantAge',
        'applicantMobile',
        'guardianNameMarathi',
        'guardianNameEnglish',
      ],
      { registrationDate: null, applicantAge: 0 },
    ],
  ];
  for (const [c, fields, emptyValues] of cases) {
    it(`${c.kind}: refuses each required field when missing, empty or only blanks`, async () => {
      for (const field of fields) {
        await refused(c, without(c.valid(), field), `${field}: is required`);
        const empty = field in emptyValues ? emptyValues[field] : typeof c.valid()[field] === 'number' ? undefined : '   ';
        if (empty !== undefined) await refused(c, { ...c.valid(), [field]: empty }, `${field}: is required`);
      }
    });
  }

  it('takes the form\'s empty values: 0 for numbers, null for dates, "" for text', async () => {
    const record = await saved(birth, {
      ...birth.valid(),
      motherAgeAtMarriage: 0,
      motherAgeAtChildbirth: '',
      gestationPeriodWeeks: null,
      birthWeightKg: 0,
      fatherBirthDate: null,
      motherBirthDate: '',
      informantName: '',
      childAadharNumber: '',
      fatherMobileNumber: '',
    });
    expect(record).toMatchObject({
      motherAgeAtChildbirth: 0,
      gestationPeriodWeeks: 0,
      birthWeightKg: 0,
      fatherBirthDate: null,
      motherBirthDate: null,
      childAadharNumber: '',
    });
    expect(await saved(birth, { ...birth.valid(), numberOfLivingChildren: '2', birthWeightKg: '2.755' })).toMatchObject({
      numberOfLivingChildren: 2,
      birthWeightKg: 2.76,
    });
  });

  it("fills the spec's defaults and trims blanks around text", async () => {
    const record = await saved(birth, { ...birth.valid(), childFullNameEnglish: '  Aarav Patil  ', nationality: '', deliveryLocation: '' });
    expect(record).toMatchObject({
      childFullNameEnglish: 'Aarav Patil',
      nationality: 'Indian',
      deliveryLocation: 'Hospital',
      deliveryAttendant: 'Doctor',
    });
  });
});

describe('option lists (spec section 3)', () => {
  it('refuses a value outside the list, naming the field and the values it takes', async () => {
    await refused(birth, { ...birth.valid(), fatherOccupation: 'housewife' }, 'fatherOccupation: must be one of job, business, farming');
    await refused(
      birth,
      { ...birth.valid(), motherOccupation: 'anything' },
      'motherOccupation: must be one of job, housewife, labour, other',
    );
    await refused(
      birth,
      { ...birth.valid(), fatherReligion: 'Jedi' },
      'fatherReligion: must be one of Hindu, Muslim, Christian, Sikh, Buddhist, Jain, Parsi, other',
    );
    await refused(
      residence,
      { ...residence.valid(), applicantProfession: 'astronaut' },
      'applicantProfession: must be one of job, business, farming, other',
    );
  });

  it("takes any letter case and the spec's own spellings, and stores the list's value", async () => {
    const record = await saved(birth, {
      ...birth.valid(),
      fatherOccupation: 'FARMING',
      fatherEducation: 'Higher secondary (10th/12th)',
      motherEducation: 'postgraduate/professional',
      motherReligion: 'hindu',
    });
    expect(record).toMatchObject({
      fatherOccupation: 'farming',
      fatherEducation: 'higher secondary',
      motherEducation: 'postgraduate',
      motherReligion: 'Hindu',
    });
    expect((await saved(residence, { ...residence.valid(), applicantProfession: '' })).applicantProfession).toBe('');
  });
});

describe('age of the deceased', () => {
  it('is required: empty or null is refused, not stored as 0', async () => {
    for (const empty of ['', null, '  ']) await refused(death, { ...death.valid(), ageOfDeceased: empty }, 'ageOfDeceased: is required');
  });

  it('takes 0, the age of an infant who died before its first birthday', async () => {
    expect((await saved(death, { ...death.valid(), ageOfDeceased: 0 })).ageOfDeceased).toBe(0);
  });
});

describe('Aadhaar and mobile numbers', () => {
  const aadhaar: [KindCase, string][] = [
    [birth, 'childAadharNumber'],
    [birth, 'fatherAadharNumber'],
    [birth, 'motherAadharNumber'],
    [death, 'aadhaarNumberDeceased'],
    [death, 'spouseAadhaarNumber'],
    [death, 'motherAadhaarNumber'],
    [death, 'fatherAadhaarNumber'],
    [residence, 'applicantAadhaar'],
  ];
  it.each(aadhaar.map(([c, field]) => [c.kind, field, c] as const))('%s: %s must be exactly 12 digits', async (_kind, field, c) => {
    for (const bad of ['12345678901', '1234567890123', '12345678901a', '1234-5678-901'])
      await refused(c, { ...c.valid(), [field]: bad }, `${field}: must be exactly 12 digits`);
  });

  it('takes an Aadhaar number typed in groups of four', async () => {
    expect((await saved(residence, { ...residence.valid(), applicantAadhaar: '1234 5678 9012' })).applicantAadhaar).toBe('123456789012');
  });

  const mobile: [KindCase, string][] = [
    [birth, 'fatherMobileNumber'],
    [birth, 'motherMobileNumber'],
    [residence, 'applicantMobile'],
  ];
  it.each(mobile.map(([c, field]) => [c.kind, field, c] as const))('%s: %s must be exactly 10 digits', async (_kind, field, c) => {
    for (const bad of ['987654321', '98765432101', '98765x3210'])
      await refused(c, { ...c.valid(), [field]: bad }, `${field}: must be exactly 10 digits`);
  });
});

describe('dates', () => {
  it('refuses dates that do not exist or are not ISO', async () => {
    await refused(birth, { ...birth.valid(), birthDate: '2026-02-30' }, 'birthDate: must be a valid date (YYYY-MM-DD)');
    await refused(birth, { ...birth.valid(), birthDate: '01/01/2026' }, 'birthDate: must be a valid date (YYYY-MM-DD)');
    await refused(death, { ...death.valid(), dateOfDeath: 'yesterday' }, 'dateOfDeath: must be a valid date (YYYY-MM-DD)');
    await refused(
      residence,
      { ...residence.valid(), registrationDate: '2026-13-01' },
      'registrationDate: must be a valid date (YYYY-MM-DD)',
    );
  });

  it('takes a full ISO timestamp as the day written in it', async () => {
    const record = await saved(birth, {
      ...birth.valid(),
      birthDate: '2026-01-01T00:00:00.000Z',
      registrationDate: '2026-01-12T10:30:00+05:30',
    });
    expect(record).toMatchObject({ birthDate: '2026-01-01', registrationDate: '2026-01-12' });
  });

  it('refuses a birth date, date of death or registration date in the future', async () => {
    await refused(
      birth,
      { ...birth.valid(), birthDate: tomorrow(), registrationDate: tomorrow() },
      'registrationDate: must not be in the future',
    );
    await refused(birth, { ...birth.valid(), birthDate: tomorrow() }, 'birthDate: must not be in the future');
    await refused(death, { ...death.valid(), dateOfDeath: tomorrow() }, 'dateOfDeath: must not be in the future');
    const today = isoDay(todayInIndia());
    expect((await saved(birth, { ...birth.valid(), birthDate: today, registrationDate: today })).birthDate).toBe(today);
  });

  it('refuses a registration before the event it registers', async () => {
    await refused(
      birth,
      { ...birth.valid(), birthDate: '2026-01-10', registrationDate: '2026-01-09' },
      'registrationDate: must not be before birthDate',
    );
    await refused(
      death,
      { ...death.valid(), dateOfDeath: '2026-03-01', registrationDate: '2026-02-28' },
      'registrationDate: must not be before dateOfDeath',
    );
  });
});

describe('other values', () => {
  it('refuses a gender outside Male, Female, Other and takes any case', async () => {
    await refused(birth, { ...birth.valid(), gender: 'M' }, 'gender: must be one of Male, Female, Other');
    await refused(death, { ...death.valid(), genderEnglish: 'unknown' }, 'genderEnglish: must be one of Male, Female, Other');
    expect((await saved(birth, { ...birth.valid(), gender: 'female' })).gender).toBe('Female');
  });

  it('refuses numbers out of range or not whole, and text over its column length', async () => {
    await refused(death, { ...death.valid(), ageOfDeceased: 151 }, 'ageOfDeceased: must be a whole number from 0 to 150');
    await refused(death, { ...death.valid(), ageOfDeceased: -1 }, 'ageOfDeceased: must be a whole number from 0 to 150');
    await refused(residence, { ...residence.valid(), applicantAge: 'twenty' }, 'applicantAge: must be a whole number from 0 to 150');
    await refused(residence, { ...residence.valid(), applicantAge: 24.5 }, 'applicantAge: must be a whole number from 0 to 150');
    await refused(birth, { ...birth.valid(), birthWeightKg: 'heavy' }, 'birthWeightKg: must be a number from 0 to 20');
    await refused(
      birth,
      { ...birth.valid(), childFullNameEnglish: 'x'.repeat(201) },
      'childFullNameEnglish: must NOT have more than 200 characters',
    );
  });

  it('takes 0 as the age of an infant who died', async () => {
    expect((await saved(death, { ...death.valid(), ageOfDeceased: 0 })).ageOfDeceased).toBe(0);
  });
});

describe('values the server derives', () => {
  it('writes the birth date in Marathi words when they are not sent, and keeps words that are', async () => {
    expect((await saved(birth, { ...birth.valid(), birthDate: '2025-11-01', registrationDate: '2025-11-05' })).birthDateWords).toBe(
      'एक नोव्हेंबर दोन हजार पंचवीस',
    );
    expect(
      (await saved(birth, { ...birth.valid(), birthDate: '1999-12-31', registrationDate: '2000-01-05', birthDateWords: '' }))
        .birthDateWords,
    ).toBe('एकतीस डिसेंबर एक हजार नऊशे नव्याण्णव');
    expect((await saved(birth, { ...birth.valid(), birthDateWords: 'एक जानेवारी दोन हजार सव्वीस' })).birthDateWords).toBe(
      'एक जानेवारी दोन हजार सव्वीस',
    );
  });

  it('writes the date of death in Marathi words when not sent, and keeps an edited text', async () => {
    expect((await saved(death, { ...death.valid(), dateOfDeath: '2025-11-01', registrationDate: '2025-11-02' })).dateOfDeathWords).toBe(
      'एक नोव्हेंबर दोन हजार पंचवीस',
    );
    expect((await saved(death, { ...death.valid(), dateOfDeathWords: 'First of March, 2026' })).dateOfDeathWords).toBe(
      'First of March, 2026',
    );
  });

  it('derives genderMarathi from genderEnglish, whatever the client sent', async () => {
    for (const [en, mr] of [
      ['Male', 'पुरुष'],
      ['Female', 'स्त्री'],
      ['Other', 'इतर'],
    ])
      expect((await saved(death, { ...death.valid(), genderEnglish: en, genderMarathi: 'चुकीचे' })).genderMarathi).toBe(mr);
  });

  it('re-derives the words on update when the date changes and no words are sent', async () => {
    const record = await saved(birth, birth.valid());
    const res = await send(t.app, council, birth, { birthDate: '2026-01-02' }, { id: record.birthCertificatesId as string });
    expect(res.json().result.birthDateWords).toBe('दोन जानेवारी दोन हजार सव्वीस');
  });

  it('checks the whole record on update: an emptied required field is refused and nothing changes', async () => {
    const record = await saved(residence, residence.valid());
    const id = record.residentialCertificatesIdCertId as string;
    const res = await send(t.app, council, residence, { applicantNameEnglish: '' }, { id });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('applicantNameEnglish: is required');
    const again = await t.app.inject({ method: 'GET', url: `/api/ResidenceCertificate/${id}`, headers: council.auth });
    expect(again.json().result.applicantNameEnglish).toBe(record.applicantNameEnglish);
  });
});

describe('dates on the wire', () => {
  it('answers dates as YYYY-MM-DD, which en-GB pages show as dd/mm/yyyy', async () => {
    const record = await saved(residence, { ...residence.valid(), registrationDate: '2026-02-10' });
    expect(record.registrationDate).toBe('2026-02-10');
    expect(formatDateEnGB(new Date(`${record.registrationDate}T00:00:00Z`))).toBe('10/02/2026');
  });
});
