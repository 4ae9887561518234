// Public QR views show what verification needs and no more (issue 13, item 16): no address, no
// mobile number or profession; the family's PDF keeps them.
import { describe, expect, it } from 'vitest';
import { useTestApp, useCouncil } from '../../helpers/app.ts';
import { caseOf, createValid } from '../../helpers/certificates.ts';

const t = useTestApp();
const c = useCouncil(t);

const publicRead = (url: string) => t.app.inject({ method: 'GET', url });

describe('public certificate views', () => {
  it('leave the address at death to the PDF', async () => {
    const death = caseOf('death');
    const saved = await createValid(t.app, c, death, {
      addressAtDeathEnglish: 'House 17, Temple Lane, Pimpalgaon',
      addressAtDeathMarathi: 'घर क्र. १७, मंदिर गल्ली',
    });
    const res = await publicRead(`${death.base}/${saved[death.idField]}`);
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().result).filter((k) => /address/i.test(k))).toEqual([]);
    expect(res.body).not.toContain('Temple Lane');
    expect(res.body).not.toContain('मंदिर गल्ली');
    expect(res.json().result).toMatchObject({
      registrationNumber: saved.registrationNumber,
      deceasedNameEnglish: saved.deceasedNameEnglish,
      dateOfDeath: saved.dateOfDeath,
    });
  });

  it('show no address, mobile number or profession for any kind', async () => {
    for (const kind of ['birth', 'death', 'residence', 'marriage'] as const) {
      const k = caseOf(kind);
      const saved = await createValid(t.app, c, k);
      const result = (await publicRead(`${k.base}/${saved[k.idField]}`)).json().result;
      expect(result.view).toBe('public');
      expect(
        Object.keys(result).filter((f) => /address|mobile|profession|occupation/i.test(f)),
        kind,
      ).toEqual([]);
    }
  });
});
