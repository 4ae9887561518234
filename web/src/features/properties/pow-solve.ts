// Solves one proof-of-work challenge of the public search (GET /api/public/pow, ALTCHA v2) with
// altcha-lib's own solver. SHA-256 is @noble/hashes' JavaScript rather than the browser's Web
// Crypto: Web Crypto exists only on https or localhost, and a council's portal may be plain http on
// its LAN; for these 36-byte inputs the JavaScript hash is as fast anyway. Run in a worker
// (pow.worker.ts), or on the page when the browser cannot start one.
import { solveChallenge } from 'altcha-lib';
import type { Challenge, ChallengeParameters } from 'altcha-lib/types';
import { sha256 } from '@noble/hashes/sha2.js';

async function deriveKey(parameters: ChallengeParameters, salt: Uint8Array, password: Uint8Array) {
  let key = new Uint8Array(salt.length + password.length);
  key.set(salt);
  key.set(password, salt.length);
  for (let i = 0; i < Math.max(1, parameters.cost); i++) key = sha256(key);
  return { derivedKey: key.slice(0, parameters.keyLength ?? 32) };
}

/** The `altcha` field for the challenge (base64 JSON of it and its solution), or null if unsolved. */
export async function solve(challenge: Challenge): Promise<string | null> {
  const solution = await solveChallenge({ challenge, deriveKey });
  return solution ? btoa(JSON.stringify({ challenge, solution })) : null;
}
