// Reading what a tax form sends: amounts (strings or numbers, at most 2 places, into paise) and
// free text. No float touches money.
import { toPaise } from '../../../common/money.ts';
import { Invalid } from '../../lib/errors.ts';
import { blank } from '../../lib/form.ts';

/** A non-negative amount with at most 2 places, in paise; empty is 0. Numbers are read by their
 *  shortest decimal form (0.1 is "0.1"), so a float sum such as 0.30000000000000004 is refused. */
export function readAmount(field: string, v: unknown, opts: { signed?: boolean } = {}): bigint {
  if (blank(v)) return 0n;
  let p: bigint;
  try {
    p = toPaise(typeof v === 'number' ? String(v) : String(v).trim());
  } catch {
    throw new Invalid(field, 'must be an amount in rupees with at most 2 decimal places (e.g. 1250.50)');
  }
  if (p < 0n && !opts.signed) throw new Invalid(field, 'must not be negative');
  if (p > 99_999_999_99n || p < -99_999_999_99n) throw new Invalid(field, 'is too large');
  return p;
}

/** Free text, trimmed; empty when blank. */
export const readText = (v: unknown) => (blank(v) ? '' : String(v).trim());
