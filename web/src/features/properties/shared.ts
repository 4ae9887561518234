// Small pieces every property screen uses: rupees as receipts print them, the form's field table
// as sections, the body a form sends, and a debounced value for the autocompletes.
import { useEffect, useState } from 'react';
import { formatRupees } from '../../../../common/money.ts';
import type { FieldDef } from '../../../../common/fields/index.ts';
import { OWNER_FIELDS, PROPERTY_FIELDS, REGISTER_SECTIONS } from '../../../../common/property/fields.ts';
import type { Section, Values } from '../../components/form/values.ts';

/** ₹1,23,456.00 with Indian grouping; ₹0.00 for an empty or unreadable value. */
export function rupees(value: string | null | undefined): string {
  try {
    return formatRupees(value || '0');
  } catch {
    return '₹0.00';
  }
}

export const ALL_FIELDS: readonly FieldDef[] = [...OWNER_FIELDS, ...PROPERTY_FIELDS];
const byName = new Map(ALL_FIELDS.map((f) => [f.name, f]));
export const SECTIONS: readonly Section[] = REGISTER_SECTIONS.map((s) => ({
  mr: s.mr,
  en: s.en,
  fields: s.fields.map((n) => byName.get(n)!),
}));
export const OWNER_NAMES = new Set(OWNER_FIELDS.map((f) => f.name));

/** What a form sends: text trimmed; numbers as the decimal text typed (the server reads it exactly,
 *  no float); an empty number is left out, so the server's default (0, or none for a plot area) applies. */
export function bodyOf(fields: readonly FieldDef[], v: Values): Record<string, string> {
  const body: Record<string, string> = {};
  for (const fd of fields) {
    const s = (v[fd.name] ?? '').trim();
    if ((fd.type.t === 'int' || fd.type.t === 'decimal') && !s) continue;
    body[fd.name] = s;
  }
  return body;
}

/** The value, once it has stopped changing for `ms`. */
export function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return settled;
}

/** What a form says when someone else saved the record after it was opened (a 409 of If-Match). */
export const STALE_MESSAGE =
  'ही माहिती तुम्ही उघडल्यानंतर दुसऱ्या कोणीतरी बदलली आहे. नवीन माहिती पुन्हा लोड करा व तुमचे बदल पुन्हा करा. / Someone else changed this record after you opened it: reload it, then make your changes again.';
