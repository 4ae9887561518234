// The proof of work of the public property search (security issue 25, finding 4): an ALTCHA challenge
// (altcha-lib, v2, deterministic mode) that the search page's browser solves by itself while the
// citizen types. The server draws a counter (on average PUBLIC_POW_DIFFICULTY) and hands out a
// challenge signed with HMAC; finding that counter takes the browser that many SHA-256 hashes, about
// half a second on a cheap phone, while checking the answer takes the server one HMAC. Each solved
// challenge opens one autocomplete or one search: it is bound to the council it was issued for,
// expires after 10 minutes and is refused a second time, on every portal process: the spent nonces
// are in the database (the SpentPow table, issue 32), like the captchas.
import type { Payload } from 'altcha-lib/types';
import type { Db } from '../../db/open.ts';
import { purposeKey } from '../../lib/signed-links.ts';
import type { PowChallenge } from './schema.ts';
import { spendNonce } from './sql.ts';

// altcha-lib is loaded with the first challenge, not at start (issue 8: a restart under 2 s).
let altcha: Promise<[typeof import('altcha-lib'), typeof import('altcha-lib/algorithms/sha')]> | undefined;
const load = () => (altcha ??= Promise.all([import('altcha-lib'), import('altcha-lib/algorithms/sha')]));

export const POW_LIFETIME_SECONDS = 10 * 60;

export type PowRefusal = 'missing' | 'refused';

export class ProofOfWork {
  private readonly signatureSecret: string;
  private readonly keySecret: string;

  constructor(
    private db: Db,
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
    if (parameters.nonce.length > 100) return 'refused';
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
    // Spent on every process at once: the insert that finds the nonce already there is a replay.
    return (await spendNonce(this.db, parameters.nonce, new Date(parameters.expiresAt * 1000))) ? null : 'refused';
  }
}
