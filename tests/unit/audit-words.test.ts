// The audit trail's words on the staff screens (issue 28): who acted, a changed value, and a moment
// in India's time whatever the device's zone.
import { describe, expect, it } from 'vitest';
import { formatDateTimeMr } from '../../web/src/lib/dateTime.ts';
import { ACTIONS, actorText, both, valueText } from '../../web/src/components/history/words.ts';

describe('audit words', () => {
  it('names the account, else the API token, else the portal itself', () => {
    expect(actorText({ userId: 3, userName: 'clerk1', tokenId: null })).toBe('clerk1');
    expect(actorText({ userId: 3, userName: 'clerk1', tokenId: 12 })).toBe('API टोकन #12');
    expect(actorText({ userId: null, userName: null, tokenId: null })).toBe('पोर्टल (स्वयंचलित)');
  });

  it('shows an action in Marathi with the English beside, and an unknown one as written', () => {
    expect(both(ACTIONS, 'update')).toBe('बदल / update');
    expect(both(ACTIONS, 'something-new')).toBe('something-new');
  });

  it('writes a calendar date as dd/mm/yyyy, yes/no, and a dash for nothing', () => {
    expect(valueText('2026-01-26T00:00:00.000Z')).toBe('26/01/2026');
    expect(valueText('2026-01-26')).toBe('26/01/2026');
    expect(valueText(true)).toBe('होय / yes');
    expect(valueText(null)).toBe('—');
    expect(valueText('')).toBe('—');
    expect(valueText(1276.5)).toBe('1276.5');
  });

  it("gives a moment in India's time on a 24-hour clock", () => {
    // 20:05 UTC on 14 August is 01:35 on 15 August in India.
    expect(formatDateTimeMr('2026-08-14T20:05:00.000Z')).toBe('१५ ऑगस्ट, २०२६, ०१:३५');
    expect(formatDateTimeMr('not a date', '—')).toBe('—');
  });
});
