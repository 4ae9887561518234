// The certificate field tables (common/certificates) that the server, the web form and the public
// page all read, and the web form's rules that need no browser: what it sends (spec 5: empty
// numbers 0, empty dates null), how a saved record comes back into the boxes, and the values it
// derives as the clerk types.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { KINDS as TABLES } from '../../common/certificates/kinds.ts';
import { maxDate, yearsAgoIso } from '../../web/src/components/form/values.ts';
import {
  allFields,
  birth,
  death,
  emptyValues,
  jsonBody,
  KINDS,
  marriage,
  residence,
  valuesOf,
} from '../../web/src/features/certificates/kinds.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('certificate form tables', () => {
  it('name every field once, with Marathi and English labels', () => {
    for (const k of Object.values(KINDS)) {
      const names = allFields(k).map((f) => f.name);
      expect(new Set(names).size, k.kind).toBe(names.length);
      for (const f of allFields(k)) {
        expect(f.mr, f.name).toMatch(/[\u0900-\u097f]/);
        expect(f.en, f.name).toMatch(/[A-Za-z]/);
        if (f.type.t === 'choice') expect(f.type.options.length, f.name).toBeGreaterThan(1);
      }
    }
  });

  it('start a new form with the spec defaults', () => {
    expect(emptyValues(birth)).toMatchObject({
      nationality: 'Indian',
      deliveryLocation: 'Hospital',
      deliveryAttendant: 'Doctor',
      serialNo: '',
    });
    expect(emptyValues(marriage)).toMatchObject({ underMarriageAct: 'Yes', ceremonyCompletedByLaw: 'Yes' });
  });

  it('send empty numbers as 0, empty dates as null and trimmed text', () => {
    const body = jsonBody(birth, {
      ...emptyValues(birth),
      serialNo: ' 12 ',
      birthWeightKg: '3.25',
      gestationPeriodWeeks: 'x',
      childFullNameEnglish: '  Aarav ',
    });
    expect(body).toMatchObject({
      serialNo: 12,
      birthWeightKg: 3.25,
      gestationPeriodWeeks: 0,
      motherAgeAtMarriage: 0,
      birthDate: null,
      registrationDate: null,
      fatherBirthDate: null,
      childFullNameEnglish: 'Aarav',
      nationality: 'Indian',
    });
    expect(jsonBody(residence, emptyValues(residence))).toMatchObject({ applicantAge: 0, registrationDate: null, applicantAadhaar: '' });
  });

  it('bring a saved record back into the boxes', () => {
    const v = valuesOf(birth, {
      serialNo: 7,
      birthDate: '2025-01-01',
      motherAgeAtMarriage: 0,
      birthWeightKg: 3.2,
      gender: 'Male',
      unknownField: 'x',
    });
    expect(v).toMatchObject({
      serialNo: '7',
      birthDate: '2025-01-01',
      motherAgeAtMarriage: '',
      birthWeightKg: '3.2',
      gender: 'Male',
      nationality: 'Indian',
    });
    expect(v).not.toHaveProperty('unknownField');
  });

  it('fill the birth date in Marathi words', () => {
    const v = birth.derive!({ ...emptyValues(birth), birthDate: '2026-11-01' }, 'birthDate');
    expect(v.birthDateWords).toBe('एक नोव्हेंबर दोन हजार सव्वीस');
    expect(birth.derive!({ ...v, birthDate: '' }, 'birthDate').birthDateWords).toBe('');
  });

  it('derive the Marathi gender and the date of death in Marathi words', () => {
    const d = (name: string, value: string) => death.derive!({ ...emptyValues(death), [name]: value }, name);
    expect(d('genderEnglish', 'Male').genderMarathi).toBe('पुरुष');
    expect(d('genderEnglish', 'Female').genderMarathi).toBe('स्त्री');
    expect(d('genderEnglish', 'Other').genderMarathi).toBe('इतर');
    expect(d('dateOfDeath', '2026-11-01').dateOfDeathWords).toBe('एक नोव्हेंबर दोन हजार सव्वीस');
  });

  it('compute spouse ages at the marriage date, or today without one', () => {
    const v = marriage.derive!(
      { ...emptyValues(marriage), husbandBirthDate: '2000-02-29', marriageDate: '2018-02-28' },
      'husbandBirthDate',
    );
    // Born on 29 February: not yet 18 on 28 February of a common year.
    expect(v).toMatchObject({ husbandAgeYears: '17', husbandAgeMonths: '11', wifeAgeYears: '', wifeAgeMonths: '' });
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-22T06:00:00Z'));
    const today = marriage.derive!({ ...emptyValues(marriage), wifeBirthDate: '2001-08-15' }, 'wifeBirthDate');
    expect(today).toMatchObject({ wifeAgeYears: '25', wifeAgeMonths: '3' });
  });

  it('offer the groom birth dates up to 21 years ago, the bride up to 18, and past dates up to today in India', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-22T20:00:00Z')); // already 23 November in India
    expect(yearsAgoIso(18)).toBe('2008-11-23');
    expect(maxDate(allFields(birth).find((f) => f.name === 'birthDate')!)).toBe('2026-11-23');
    expect(maxDate(allFields(marriage).find((f) => f.name === 'wifeBirthDate')!)).toBe('2008-11-23');
    expect(maxDate(allFields(marriage).find((f) => f.name === 'husbandBirthDate')!)).toBe('2005-11-23');
    vi.setSystemTime(new Date('2028-02-29T06:00:00Z'));
    expect(yearsAgoIso(18)).toBe('2010-02-28');
  });
});

describe('one table per kind', () => {
  it('puts every field the server reads on the form exactly once', () => {
    for (const t of Object.values(TABLES)) {
      const onForm = t.sections.flatMap((sec) => sec.fields);
      expect([...onForm].sort(), t.kind).toEqual(t.fields.map((f) => f.name).sort());
    }
  });

  it('names only real fields (or stored photos) as public, and labels every row the public page shows in both languages', () => {
    for (const t of Object.values(TABLES)) {
      const names = new Set(t.fields.map((f) => f.name));
      for (const p of t.publicFields) expect(names.has(p) || /PhotoUrl$/.test(p), `${t.kind}.${p}`).toBe(true);
      for (const f of t.fields.filter((x) => x.view)) {
        expect(t.publicFields, `${t.kind}.${f.name}`).toContain(f.name);
        expect(f.view!.mr, f.name).toMatch(/[\u0900-\u097f]/);
      }
    }
  });

  it('gives the date of death in words as optional, since the server fills it from the date', () => {
    const f = TABLES.death.fields.find((x) => x.name === 'dateOfDeathWords')!;
    expect(f.required).toBeFalsy();
    expect(allFields(death).find((x) => x.name === 'dateOfDeathWords')!.required).toBeFalsy();
  });
});
