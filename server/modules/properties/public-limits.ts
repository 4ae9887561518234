// The limits of the public property routes (security issue 25, finding 4): every route counts its
// requests per client address (a minute) and per council (an hour), so neither one address nor many
// can read a council's register out. Counted in app.limits (shared by every process on PostgreSQL).
import type { PublicLimits, RouteLimits } from '../../config.ts';
import type { Limits, SharedSlidingWindow } from '../cluster/limits.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** "in N seconds", or minutes once that reads better, Marathi first. */
function wait(seconds: number): { mr: string; en: string } {
  if (seconds < 120) return { mr: `${seconds} सेकंदांनी`, en: `in ${seconds} seconds` };
  const minutes = Math.ceil(seconds / 60);
  return { mr: `${minutes} मिनिटांनी`, en: `in ${minutes} minutes` };
}

export const fromAddress = (seconds: number) => {
  const w = wait(seconds);
  return `खूप विनंत्या. कृपया ${w.mr} पुन्हा प्रयत्न करा. / Too many requests from this address. Please try again ${w.en}.`;
};
export const forCouncil = (seconds: number) => {
  const w = wait(seconds);
  return (
    `या ग्रामपंचायतीच्या मालमत्ता माहितीसाठी खूप विनंत्या आल्या आहेत. कृपया ${w.mr} पुन्हा प्रयत्न करा. / ` +
    `Too many requests for this council's property records. Please try again ${w.en}.`
  );
};

/** One route's two windows. */
export class RouteLimit {
  private address: SharedSlidingWindow;
  private council: SharedSlidingWindow;
  constructor(store: Limits, name: string, limits: RouteLimits) {
    this.address = store.sliding(`${name}-address`, limits.perAddress, MINUTE);
    this.council = store.sliding(`${name}-council`, limits.perCouncil, HOUR);
  }

  /** Counts a request from the address; 429 over its limit. */
  takeAddress(address: string) {
    return this.address.take(address, fromAddress);
  }

  /** Counts a request for the council's records; 429 over its limit. Only for a council account
   *  that exists: made-up ids must not crowd a real council's count out of the window's keys. */
  takeCouncil(councilId: number) {
    return this.council.take(String(councilId), forCouncil);
  }
}

export function publicRouteLimits(store: Limits, limits: PublicLimits) {
  return {
    suggest: new RouteLimit(store, 'suggest', limits.suggest),
    search: new RouteLimit(store, 'search', limits.search),
    certificate: new RouteLimit(store, 'certificate', limits.certificate),
    // Only the address of a signed link is counted; its council's window is never taken.
    signedCertificate: new RouteLimit(store, 'signed-certificate', { perAddress: limits.signedCertificatePerAddress, perCouncil: 1 }),
  };
}
