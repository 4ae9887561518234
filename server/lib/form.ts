// Reading what a form sends beyond its schema: a blank box, a record id that may come as text.
import { Invalid } from './errors.ts';

export const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** A record id as the earlier client sends it (a number, or digits as text). */
export function readId(field: string, v: unknown): number {
  const n = typeof v === 'number' ? v : /^\d{1,10}$/.test(String(v ?? '').trim()) ? Number(String(v).trim()) : NaN;
  if (!Number.isInteger(n) || n < 1 || n > 2147483647) throw new Invalid(field, 'is required (a record id)');
  return n;
}
