// One spelling of the portal's Marathi words (common/glossary.ts, issue 29): the misspellings the
// portal once had are refused anywhere in the server, the web app and common/, so later code cannot
// bring them back; the glossary's words and page titles are as the office reads them.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MESSAGES, TERMS, pageTitle } from '../../common/glossary.ts';

const root = path.resolve(import.meta.dirname, '../..');

/** Misspelling → the word to write instead. */
const MISSPELLINGS: Record<string, string> = {
  मलमत्ता: TERMS.property.mr,
  फरफार: TERMS.transfer.mr,
  थकित: TERMS.overdue.mr,
  अद्यतन: TERMS.update.mr,
  यशस्वीरित्या: TERMS.successfully.mr,
  // A clerk records a registration; nobody "submitted an application" to the office.
  'अर्ज यशस्वीरीत्या सादर': MESSAGES.recorded,
};

function sources(dir: string): string[] {
  return fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' || e.name.startsWith('dist') ? [] : sources(rel);
    return /\.(ts|tsx|css|html|json|md)$/.test(e.name) ? [rel] : [];
  });
}

describe('the Marathi glossary', () => {
  it('leaves no misspelling in server/, web/src/ or common/', () => {
    const files = [...sources('server'), ...sources('web/src'), ...sources('common')];
    expect(files.length).toBeGreaterThan(100);
    const found: string[] = [];
    for (const file of files) {
      const text = fs.readFileSync(path.join(root, file), 'utf8');
      text.split('\n').forEach((line, i) => {
        for (const [wrong, right] of Object.entries(MISSPELLINGS))
          if (line.includes(wrong)) found.push(`${file}:${i + 1}: "${wrong}" → "${right}"`);
      });
    }
    expect(found).toEqual([]);
  });

  it('finds a misspelling when one is there (the check can fail)', () => {
    const line = 'कृपया फरफार नंबर प्रविष्ट करा';
    expect(Object.keys(MISSPELLINGS).filter((w) => line.includes(w))).toEqual(['फरफार']);
    // The right words do not contain a wrong one.
    for (const term of Object.values(TERMS)) for (const wrong of Object.keys(MISSPELLINGS)) expect(term.mr).not.toContain(wrong);
  });

  it('says the total of arrears and the current year "एकूण देय", and arrears alone "थकबाकी"', () => {
    expect(TERMS.totalDue.mr).toBe('एकूण देय');
    expect(TERMS.arrears.mr).toBe('थकबाकी');
    expect(MESSAGES.propertyRecorded).toBe('मालमत्ता यशस्वीरीत्या नोंदवली गेली!');
    expect(MESSAGES.enterTransferNumber).toBe('कृपया फेरफार नंबर प्रविष्ट करा');
  });

  it("titles a page with its name and the office's, and the home with the office's", () => {
    expect(pageTitle('योजना', 'सोनगाव ग्रामपंचायत')).toBe('योजना — सोनगाव ग्रामपंचायत');
    expect(pageTitle(undefined, 'सोनगाव ग्रामपंचायत')).toBe('सोनगाव ग्रामपंचायत — अधिकृत संकेतस्थळ');
    expect(pageTitle('योजना', '  ')).toBe('योजना — ग्रामपंचायत कार्यालय');
  });
});
