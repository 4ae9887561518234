// Form values of a field table (common/fields): every box holds text; what a form sends follows
// the field's type. Used by every long form (certificates now, property and payments later).
import { isoDay, todayInIndia } from '../../../../common/dates.ts';
import { todayIso } from '../../lib/dates.ts';
import type { FieldDef, Label } from '../../../../common/fields/index.ts';

export type Values = Record<string, string>;
export type Item = Record<string, unknown>;

/** A titled group of fields as the form draws it. */
export interface Section extends Label {
  fields: FieldDef[];
}

/** The latest birth date of someone at least `years` old today, YYYY-MM-DD. */
export function yearsAgoIso(years: number): string {
  const t = todayInIndia();
  // 29 February less 18 years is a common year: fall back to 28 February, never to 1 March.
  const d = new Date(Date.UTC(t.getUTCFullYear() - years, t.getUTCMonth(), t.getUTCDate()));
  if (d.getUTCMonth() !== t.getUTCMonth()) d.setUTCDate(0);
  return isoDay(d);
}

/** The latest date a date box offers: the day `minAgeYears` ago for a birth date with an age limit,
 *  today for a date that may not be in the future, none otherwise. */
export function maxDate(fd: FieldDef): string | undefined {
  if (fd.type.t !== 'date') return undefined;
  if (fd.type.minAgeYears) return yearsAgoIso(fd.type.minAgeYears);
  return fd.type.notFuture ? todayIso() : undefined;
}

/** The value a new form starts with: a field's fallback (what the server stores when empty), else ''. */
export function emptyValues(fields: readonly FieldDef[]): Values {
  return Object.fromEntries(
    fields.map((fd) => [fd.name, (fd.type.t === 'text' || fd.type.t === 'choice' ? fd.type.fallback : undefined) ?? '']),
  );
}

/** A saved record as form values (dates as YYYY-MM-DD, numbers as text, 0 in an optional number as empty). */
export function valuesOf(fields: readonly FieldDef[], item: Item): Values {
  const v = emptyValues(fields);
  for (const fd of fields) {
    const raw = item[fd.name];
    if (raw === null || raw === undefined) continue;
    const t = fd.type.t;
    if (t === 'date') v[fd.name] = String(raw).slice(0, 10);
    else if ((t === 'int' || t === 'decimal') && !fd.required && !fd.derived && Number(raw) === 0) v[fd.name] = '';
    else v[fd.name] = String(raw);
  }
  return v;
}

/** The JSON body (spec 5): empty or invalid numbers as 0, empty dates as null, text trimmed. */
export function jsonBody(fields: readonly FieldDef[], v: Values): Record<string, string | number | null> {
  const body: Record<string, string | number | null> = {};
  for (const fd of fields) {
    const s = (v[fd.name] ?? '').trim();
    const t = fd.type.t;
    if (t === 'int' || t === 'decimal') {
      const n = Number(s);
      body[fd.name] = s && Number.isFinite(n) ? (t === 'int' ? Math.trunc(n) : n) : 0;
    } else if (t === 'date') body[fd.name] = s || null;
    else body[fd.name] = s;
  }
  return body;
}
