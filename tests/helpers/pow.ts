// The proof of work of the public property search, solved as the search page's worker solves it
// (altcha-lib's solveChallenge), with Node's SHA-256. For server tests and benches.
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type { InjectOptions } from 'fastify';
import type { App } from '../../server/app.ts';

/** The `altcha` field for a challenge: base64 of JSON { challenge, solution }. */
export async function solvePow(challenge: object): Promise<string> {
  const solution = await solveChallenge({ challenge: challenge as Parameters<typeof solveChallenge>[0]['challenge'], deriveKey });
  if (!solution) throw new Error('the challenge was not solved');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

/** A fresh challenge from GET /api/public/pow (as from `from`: remoteAddress or headers), solved. */
export async function solvedPow(app: App, from: Pick<InjectOptions, 'remoteAddress' | 'headers'> = {}): Promise<string> {
  const res = await app.inject({ method: 'GET', url: '/api/public/pow', ...from });
  if (res.statusCode !== 200) throw new Error(`GET /api/public/pow: ${res.statusCode} ${res.body}`);
  return solvePow(res.json().result);
}
