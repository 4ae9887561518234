// The proof of work of the public property search (security issue 25, finding 4): an ALTCHA challenge
// (altcha-lib, v2, deterministic mode) that the search page's browser solves by itself while the
// citizen types. The server draws a counter (on average PUBLIC_POW_DIFFICULTY) and hands out a
// challenge signed with HMAC; finding that counter takes the browser that many SHA-256 hashes, about
// half a second on a cheap phone, while checking the answer takes the server one HMAC. Each solved
// challenge opens one autocomplete or one search: it is bound to the council it was issued for,
// expires after 10 minutes and is refused a second time. In memory, like the captchas.
import type { Payload } from 'altcha-lib/types';
import { purposeKey } from '../../lib/signed-links.ts';
import type { PowChallenge } from './schema.ts';

// altcha-lib is loaded with the first challenge, not at start (issue 8: a restart under 2 s).
let altcha: Promise<[typeof import('altcha-lib'), typeof import('altcha-lib/algorithms/sha')]> | undefined;
const load = () => (altcha ??= Promise.all([import('altcha-lib'), import('altcha-lib/algorithms/sha')]));

export const POW_LIFETIME_SECONDS = 10 * 60;
/** Solved challenges remembered at most (each for its lifetime): more than the public routes' limits
 *  let through in 10 minutes. */
const MAX_USED = 200_000;

export type PowRefusal = 'missing' | 'refused';

export class ProofOfWork {
  private readonly signatureSecret: string;
  private readonly keySecret: string;
  /** Nonces of the challenges already answered, with when they expire (seconds). */
  private used = new Map<string, number>();

  constructor(
    secret: string,
    private difficulty: number,
  ) {
    // Keys for this purpose only, derived from the portal's secret: a challenge is never a login token.
    this.signatureSecret = purposeKey(secret, 'pow challenge v1').toString('hex');
    this.keySecret = purposeKey(secret, 'pow key v1').toString('hex');
  }

  /** A new challenge for the search of this council's register. */
  async challenge(councilId: number, now = Date.now()): Promise<PowChallenge> {
    const [{ createChallenge, randomInt }, { deriveKey }] = await load();
    const challenge = await createChallenge({
      algorithm: 'SHA-256',
      cost: 1,
      counter: randomInt(Math.ceil(this.difficulty * 1.5), Math.floor(this.difficulty / 2)),
      deriveKey,
      data: { council: councilId },
      expiresAt: Math.floor(now / 1000) + POW_LIFETIME_SECONDS,
      hmacSignatureSecret: this.signatureSecret,
      hmacKeySignatureSecret: this.keySecret,
    });
    return challenge as PowChallenge;
  }

  /** Null when `payload` (base64 JSON of the challenge and its solution) solves a challenge issued
   *  here for this council, unexpired and not answered before; it is then used up. Else why not. */
  async check(payload: string | undefined, councilId: number): Promise<PowRefusal | null> {
    if (!payload) return 'missing';
    let parsed: Payload;
    try {
      parsed = JSON.parse(Buffer.from(payload, 'base64').toString('utf8')) as Payload;
    } catch {
      return 'refused';
    }
    const challenge = parsed?.challenge;
    const solution = parsed?.solution;
    const parameters = challenge?.parameters;
    if (!parameters || typeof parameters !== 'object' || !solution || typeof parameters.nonce !== 'string') return 'refused';
    if (parameters.data?.council !== councilId || typeof parameters.expiresAt !== 'number') return 'refused';
    const [{ verifySolution }, { deriveKey }] = await load();
    try {
      const result = await verifySolution({
        challenge,
        solution,
        deriveKey,
        hmacSignatureSecret: this.signatureSecret,
        hmacKeySignatureSecret: this.keySecret,
      });
      if (!result.verified) return 'refused';
    } catch {
      // Parameters altcha-lib cannot read (a malformed hex string): not a solution.
      return 'refused';
    }
    return this.useUp(parameters.nonce, parameters.expiresAt) ? null : 'refused';
  }

  /** Remembers a nonce until its challenge expires; false when it was already there. */
  private useUp(nonce: string, expiresAt: number): boolean {
    if (this.used.has(nonce)) return false;
    if (this.used.size >= MAX_USED) {
      const now = Date.now() / 1000;
      for (const [n, expires] of this.used) if (expires < now) this.used.delete(n);
      // Still full: the oldest go first (a Map keeps insertion order, which is expiry order here).
      for (const n of this.used.keys()) {
        if (this.used.size < MAX_USED) break;
        this.used.delete(n);
      }
    }
    this.used.set(nonce, expiresAt);
    return true;
  }
}
