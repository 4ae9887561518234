// Dates in words and ages, computed in the form exactly as the server computes them when it saves:
// the helpers are common/ modules the server runs too, so the Marathi table of
// 1–99, which cannot be built from parts, is written and tested once.
import { marathiDateWords } from '../../../../common/marathi-words.ts';
import { ageAt, parseIsoDate, todayInIndia } from '../../../../common/dates.ts';

/** "2026-11-01" → "एक नोव्हेंबर दोन हजार सव्वीस"; '' for an empty or invalid date. */
export function marathiWordsOf(iso: string): string {
  const d = iso ? parseIsoDate(iso) : null;
  return d ? marathiDateWords(d) : '';
}

/** Completed years and months from a birth date to `at` (default: today in India); null without a valid birth date. */
export function ageOf(birthIso: string, atIso?: string): { years: number; months: number } | null {
  const born = birthIso ? parseIsoDate(birthIso) : null;
  if (!born) return null;
  const at = (atIso && parseIsoDate(atIso)) || todayInIndia();
  return ageAt(born, at);
}
