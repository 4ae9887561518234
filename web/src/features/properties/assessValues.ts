// The assessment of what a property form holds, by the one function the server stores (common/
// property/assessment.ts), or the reason it cannot be made yet.
import {
  assess,
  BUILDING_TYPES,
  explainAssessment,
  type Assessment,
  type BuildingType,
  type Rates,
  type Usage,
} from '../../../../common/property/assessment.ts';
import type { Values } from '../../components/form/values.ts';

type Result = { ok: true; a: Assessment; lines: { mr: string[]; en: string[] } } | { ok: false; problem: string };

/** The assessment of what the form holds, or why it cannot be made yet. */
export function assessValues(rates: Rates, v: Values, year: number): Result {
  const buildingType = (v.buildingType || 'rcc') as BuildingType;
  const usage = (v.usage || 'residential') as Usage;
  if (!(buildingType in BUILDING_TYPES)) return { ok: false, problem: 'बांधकामाचा प्रकार निवडा / Choose the building type' };
  const yearText = (v.milkatBandhakamYear ?? '').trim();
  const constructionYear = yearText ? Number(yearText) : 0;
  if (!Number.isInteger(constructionYear) || constructionYear < 0)
    return { ok: false, problem: 'बांधकाम वर्ष योग्य लिहा / Write the construction year, e.g. 2010' };
  if (constructionYear > year)
    return { ok: false, problem: `बांधकाम वर्ष ${year} नंतरचे असू शकत नाही / The construction year must not be after ${year}` };
  const facts = {
    buildingType,
    usage,
    constructionYear,
    areaSqm: (v.areaSqm ?? '').trim() || '0',
    plotAreaSqm: (v.plotAreaSqm ?? '').trim() || null,
    landRate: (v.landRate ?? '').trim() || null,
  };
  try {
    const a = assess(rates, facts, year);
    return { ok: true, a, lines: explainAssessment(a, facts) };
  } catch {
    return { ok: false, problem: 'क्षेत्रफळ व दर संख्येत लिहा (दोन दशांशांपर्यंत) / Write areas and rates as numbers with at most 2 decimals' };
  }
}
