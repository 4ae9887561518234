// Contract of GET /api/captcha (the public property search's captcha; the spec shows the rule, not the call).
// The picture is a raster (security issue 25: svg-captcha's outlines were read by a program). It
// comes as `image`, a data: URL; `svg` stays, as the earlier field, and now holds an <svg> that only
// wraps the same raster in an <image>, so a client that shows `svg` as before still shows the
// captcha. New clients show `image` (the SVG doubles the answer's size).
import { Type, type Static } from 'typebox';
import { Envelope, errors } from '../../lib/schema.ts';

export const captchaSchema = {
  operationId: 'getCaptcha',
  tags: ['Public'],
  summary:
    'A new captcha: its id and a picture of 5 characters (A–Z and 2–9 without I and O), valid 5 minutes, usable once (rate-limited per address)',
  response: {
    200: Envelope(
      Type.Object({
        captchaId: Type.String({ format: 'uuid' }),
        image: Type.String({ description: 'The picture: a data: URL of a WebP image, twice the size it is shown at' }),
        svg: Type.String({ description: 'Deprecated: the same picture wrapped in SVG markup (an <image> element), for earlier clients' }),
        width: Type.Integer({ description: 'Width to show the picture at, in CSS pixels' }),
        height: Type.Integer({ description: 'Height to show the picture at, in CSS pixels' }),
      }),
    ),
    ...errors(429),
  },
};

/** An ALTCHA v2 challenge as GET /api/public/pow hands it out (pow.ts makes it). */
export const PowChallenge = Type.Object({
  parameters: Type.Object({
    algorithm: Type.Literal('SHA-256'),
    nonce: Type.String({ description: 'hex' }),
    salt: Type.String({ description: 'hex' }),
    cost: Type.Integer({ description: 'SHA-256 rounds per try' }),
    keyLength: Type.Integer(),
    keyPrefix: Type.String({ description: 'hex: the start of the key the right counter gives' }),
    keySignature: Type.String({ description: 'hex HMAC of that key, which the server checks' }),
    expiresAt: Type.Integer({ description: 'Unix time in seconds' }),
    data: Type.Object({ council: Type.Integer({ description: 'The council whose register it opens' }) }),
  }),
  signature: Type.String({ description: 'hex HMAC of the parameters' }),
});
export type PowChallenge = Static<typeof PowChallenge>;

export const powSchema = {
  operationId: 'getPublicPowChallenge',
  tags: ['Public'],
  summary:
    'A proof-of-work challenge (ALTCHA v2, SHA-256) for the public property search: solve it and send the solution as `altcha` with one autocomplete or one search; valid 10 minutes, once (rate-limited per address)',
  description:
    'Find the counter (a 32-bit big-endian integer appended to `nonce`) whose SHA-256 of `salt` + `nonce` + counter starts with ' +
    '`keyPrefix`, then send `altcha` = base64 of JSON `{ "challenge": <this result>, "solution": { "counter": n, "derivedKey": "<hex>" } }` ' +
    '(altcha-lib’s `solveChallenge` does it). The challenge belongs to the public council and takes a browser about half a second.',
  response: {
    200: Envelope(PowChallenge),
    ...errors(404, 429),
  },
};
