// Certificate PDFs and long input (issue 13, item 15): a name as long as the form takes wraps
// instead of being cut, every kind of certificate at its longest values still prints on one page.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderBirthPdf, renderDeathPdf, renderMarriagePdf, renderResidencePdf } from '../../server/modules/certificates/pdf.ts';
import { KINDS } from '../../common/certificates/kinds.ts';
import { clippedRuns } from '../../server/lib/pdf/index.ts';
import { birth, death, marriage, office, residence } from '../helpers/certificate-records.ts';
import { tempDir } from '../helpers/fixture.ts';

const dir = tempDir('gp-pdf-limits-');
let n = 0;
const textOf = (pdf: Buffer) => {
  const file = path.join(dir, `${++n}.pdf`);
  fs.writeFileSync(file, pdf);
  return {
    text: execFileSync('pdftotext', ['-raw', file, '-'], { encoding: 'utf8' }),
    pages: Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))![1]),
  };
};
/** Words of realistic length up to `length` characters. */
const longName = (length: number) => {
  const words = ['Dnyaneshwar', 'Ramchandra', 'Kshirsagar', 'Bhalchandra', 'Vishwanath', 'Deshpande'];
  let s = '';
  for (let i = 0; s.length < length; i++) s += (s ? ' ' : '') + words[i % words.length];
  return s.slice(0, length).trimEnd();
};
const longMarathi = (length: number) => {
  const words = ['ज्ञानेश्वर', 'रामचंद्र', 'क्षीरसागर', 'भालचंद्र', 'विश्वनाथ'];
  let s = '';
  for (let i = 0; s.length < length; i++) s += (s ? ' ' : '') + words[i % words.length];
  return s.slice(0, length).trimEnd();
};
const max = (kind: keyof typeof KINDS, field: string) => {
  const f = KINDS[kind].fields.find((x) => x.name === field)!;
  return (f.type as { max: number }).max;
};
const url = 'https://gp.example.in/x';

describe('every text field at the most characters the form takes', () => {
  const renders = {
    birth: (r: object) => renderBirthPdf({ ...birth, ...r }, office, url),
    death: (r: object) => renderDeathPdf({ ...death, ...r }, office, url),
    residence: (r: object) => renderResidencePdf({ ...residence, ...r }, office, url),
    marriage: (r: object) => renderMarriagePdf({ ...marriage, ...r }, office, url),
  };
  for (const kind of ['birth', 'death', 'residence', 'marriage'] as const) {
    it(`${kind}: prints each one whole (wrapped, never cut with an ellipsis) on one page`, async () => {
      const cut: string[] = [];
      for (const f of KINDS[kind].fields) {
        if (f.type.t !== 'text') continue;
        const value = /Marathi$/.test(f.name) ? longMarathi(f.type.max) : longName(f.type.max);
        const before = clippedRuns();
        const { pages } = textOf(await renders[kind]({ [f.name]: value }));
        if (clippedRuns() > before || pages !== 1) cut.push(`${f.name} (${f.type.max})`);
      }
      expect(cut).toEqual([]);
    });
  }
});

describe('long names on certificates', () => {
  const cases = [
    {
      kind: 'birth' as const,
      field: 'childFullNameEnglish',
      render: (v: string) => renderBirthPdf({ ...birth, childFullNameEnglish: v }, office, url),
    },
    {
      kind: 'death' as const,
      field: 'deceasedNameEnglish',
      render: (v: string) => renderDeathPdf({ ...death, deceasedNameEnglish: v }, office, url),
    },
    {
      kind: 'residence' as const,
      field: 'applicantNameEnglish',
      render: (v: string) => renderResidencePdf({ ...residence, applicantNameEnglish: v }, office, url),
    },
    {
      kind: 'marriage' as const,
      field: 'husbandNameEnglish',
      render: (v: string) => renderMarriagePdf({ ...marriage, husbandNameEnglish: v }, office, url),
    },
  ];
  for (const c of cases) {
    it(`${c.kind}: prints a name of the most characters the form takes whole, on one page`, async () => {
      const name = longName(max(c.kind, c.field));
      const before = clippedRuns();
      const { text, pages } = textOf(await c.render(name));
      expect(pages).toBe(1);
      expect(clippedRuns() - before).toBe(0);
      expect(text.replace(/\s+/g, ' ')).toContain(name);
    });
  }
});
