// The days date boxes offer, apart from format.ts: the public pages load that one, and this reads
// common/dates.ts, which only the staff screens need.
import { isoDay, todayInIndia } from '../../../common/dates.ts';

/** Today in India as YYYY-MM-DD, whatever the device's zone: what a date box takes as its `max` (a
 *  past-only date) or `min` (a notice's date). */
export const todayIso = () => isoDay(todayInIndia());
