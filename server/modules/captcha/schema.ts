// Contract of GET /api/captcha (the public property search's captcha; the spec shows the rule, not the call).
import { Type } from 'typebox';
import { Envelope, errors } from '../../lib/schema.ts';

export const captchaSchema = {
  operationId: 'getCaptcha',
  tags: ['Public'],
  summary: 'A new captcha: its id and an SVG image of 5 characters (A–Z and 2–9 without I and O), valid 5 minutes, usable once',
  response: {
    200: Envelope(Type.Object({ captchaId: Type.String({ format: 'uuid' }), svg: Type.String({ description: 'SVG markup' }) })),
    ...errors(429),
  },
};
