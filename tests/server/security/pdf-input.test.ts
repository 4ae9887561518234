// Text that would print wrongly on a certificate is refused where it is typed (issue 13, item 15):
// characters the certificate fonts cannot draw, and marks stacked on one letter.
import { describe, expect, it } from 'vitest';
import { useTestApp, useCouncil, injectAs } from '../../helpers/app.ts';
import { caseOf, send } from '../../helpers/certificates.ts';

const t = useTestApp();
const c = useCouncil(t);
const birth = caseOf('birth');

describe('certificate text', () => {
  it('refuses an emoji naming the field and the character', async () => {
    const res = await injectAs(t.app, c, {
      method: 'POST',
      url: birth.base,
      payload: { ...birth.valid(), childFullNameEnglish: 'Arya 😀 Patil' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      'childFullNameEnglish: contains 😀 (U+1F600), which the certificate cannot print; use Marathi or English letters',
    );
  });

  it('refuses 150 combining marks on one letter, in a multipart marriage form too', async () => {
    const res = await injectAs(t.app, c, {
      method: 'POST',
      url: birth.base,
      payload: { ...birth.valid(), birthPlaceEnglish: `A${'\u0301'.repeat(150)}` },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('birthPlaceEnglish: has too many accents or marks on one letter (at most 4)');
    const marriage = caseOf('marriage');
    const form = await send(t.app, c, marriage, { ...marriage.valid(), husbandNameMarathi: `र${'\u0941'.repeat(150)}` });
    expect(form.statusCode).toBe(400);
    expect(form.json().message).toMatch(/^husbandNameMarathi: has too many accents/);
  });

  it('takes Marathi conjuncts, nukta and matras, and accented English letters', async () => {
    const res = await injectAs(t.app, c, {
      method: 'POST',
      url: birth.base,
      payload: {
        ...birth.valid(),
        childFullNameMarathi: 'क़ीर्ती ज्ञानेश्वर क्षीरसागर-बऱ्हाणपूरकर',
        childFullNameEnglish: 'Kīrtī Dnyāneshwar Kshīrsāgar',
      },
    });
    expect(res.statusCode).toBe(201);
  });
});
