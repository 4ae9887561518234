// Marriage ages (issue 13, item 10): always computed by the server from the birth dates and the
// marriage date, which are required; an age the client sends is never stored.
import { describe, expect, it } from 'vitest';
import { useTestApp, useCouncil } from '../../helpers/app.ts';
import { caseOf, createValid, send } from '../../helpers/certificates.ts';

const t = useTestApp();
const c = useCouncil(t);
const marriage = caseOf('marriage');

describe('marriage ages', () => {
  it('refuses empty birth dates with a sent age of 5, naming the date', async () => {
    for (const who of ['husband', 'wife']) {
      const res = await send(t.app, c, marriage, {
        ...marriage.valid(),
        [`${who}BirthDate`]: '',
        [`${who}AgeYears`]: 5,
        [`${who}AgeMonths`]: 0,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ isSuccess: false, message: `${who}BirthDate: is required`, result: null });
    }
    const noDate = await send(t.app, c, marriage, { ...marriage.valid(), marriageDate: '' });
    expect(noDate.json().message).toBe('marriageDate: is required');
  });

  it('stores the computed ages whatever ages were sent, on create and on update', async () => {
    const saved = await createValid(t.app, c, marriage, { husbandAgeYears: 5, husbandAgeMonths: 3, wifeAgeYears: 99 });
    const expected = { husbandAgeYears: saved.husbandAgeYears, wifeAgeYears: saved.wifeAgeYears };
    expect(saved.husbandAgeYears).toBeGreaterThanOrEqual(21);
    expect(saved.wifeAgeYears).toBeGreaterThanOrEqual(18);
    expect(saved.wifeAgeYears).not.toBe(99);
    const updated = await send(t.app, c, marriage, { husbandAgeYears: 5, wifeAgeYears: 1 }, { id: saved[marriage.idField] as string });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().result).toMatchObject(expected);
  });

  it('refuses a birth date after the marriage date', async () => {
    const res = await send(t.app, c, marriage, { ...marriage.valid(), marriageDate: '2026-05-20', husbandBirthDate: '2026-05-21' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(
      /^(marriageDate: must not be before husbandBirthDate|husbandBirthDate: the groom must be at least 21)/,
    );
  });
});
