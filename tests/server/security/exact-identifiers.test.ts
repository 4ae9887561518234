// Issue 25, finding 2: identifiers typed by a person are matched exactly. Usernames were compared
// with Prisma's case-insensitive equals, which runs as ILIKE, where % and _ are wildcards: a bare %
// logged in as the first account, "victim%%" with the right password logged in as victim, and each
// variant had a login limit of its own. Registration numbers and the "username taken" check had the
// same operator, so a number holding _ or % was refused as taken when a similar one existed.
import { describe, expect, it } from 'vitest';
import { useTestApp, useCouncil, createCouncil, injectAs } from '../../helpers/app.ts';
import { KIND_CASES, send } from '../../helpers/certificates.ts';
import { createAccount } from '../../../server/modules/users/service.ts';
import * as kinds from '../../../common/certificates/kinds.ts';

const t = useTestApp();
const admin = useCouncil(t, { isAdmin: true, prefix: 'exact_admin' });

let seq = 0;
const unique = (stem: string) => `${stem}${process.pid}x${Date.now().toString(36)}x${++seq}`;
const login = (username: string, password: string, remoteAddress = '127.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/User/login', payload: { username, password }, remoteAddress });

describe('usernames', () => {
  const PASSWORD = 'Victim-pass-2026';
  /** Names that differ from the account's by a wildcard, an escape or a look-alike letter. */
  const variants = (name: string) => [
    `${name}%`,
    `${name}%%`,
    `${name}%%%%`,
    '%',
    `%${name.slice(2)}`,
    `_${name.slice(1)}`,
    `${name.slice(0, -1)}_`,
    `${name}\\`,
    `${name.slice(0, 2)}\\${name.slice(2)}`,
    // Cyrillic "і" for the Latin i, a fullwidth first letter, a Turkish dotted capital I.
    name.replace('i', '\u0456'),
    String.fromCharCode(name.charCodeAt(0) + 0xfee0) + name.slice(1),
    name.replace('i', '\u0130'),
  ];

  it('logs in by the exact name in any letter case, and by no wildcard, escape or look-alike of it', async () => {
    const name = unique('victim');
    await createAccount(t.app.db, { username: name, password: PASSWORD });
    expect((await login(name, PASSWORD, '192.0.2.1')).statusCode).toBe(200);
    expect((await login(name.toUpperCase(), PASSWORD, '192.0.2.1')).statusCode).toBe(200);
    for (const [i, variant] of variants(name).entries()) {
      // Each from an address of its own: a 401 here is the name, not a limit.
      const res = await login(variant, PASSWORD, `192.0.2.${10 + i}`);
      expect(res.statusCode, `${variant}: ${res.body}`).toBe(401);
      expect(res.json()).toMatchObject({ isSuccess: false, message: 'Wrong username or password.', result: null });
    }
  });

  it('counts every letter case of a name as one name: the eleventh wrong password from an address is refused', async () => {
    const name = unique('limited');
    await createAccount(t.app.db, { username: name, password: PASSWORD });
    const cases = [name, name.toUpperCase(), name[0].toUpperCase() + name.slice(1)];
    const codes: number[] = [];
    for (let i = 0; i < 12; i++) codes.push((await login(cases[i % 3], 'Wrong-pass-2026', '198.51.100.20')).statusCode);
    expect(codes.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(codes.slice(10)).toEqual([429, 429]);
    // The right password from that address waits too; the wildcards never reach the account.
    expect((await login(name, PASSWORD, '198.51.100.20')).statusCode).toBe(429);
    for (const variant of variants(name)) expect((await login(variant, PASSWORD, '198.51.100.21')).statusCode).not.toBe(200);
  });

  it('answers "taken" only for the same name in another letter case, never for a wildcard match', async () => {
    const stem = unique('gp');
    const register = (username: string) =>
      injectAs(t.app, admin, {
        method: 'POST',
        url: '/api/User/register',
        payload: { username, email: 'clerk@example.org', password: PASSWORD },
      });
    expect((await register(`${stem}XaXb`)).statusCode).toBe(201);
    const underscore = await register(`${stem}_a_b`);
    expect(underscore.statusCode, underscore.body).toBe(201);
    const sameLetters = await register(`${stem}xaxb`.toUpperCase());
    expect(sameLetters.statusCode, sameLetters.body).toBe(409);
    expect(sameLetters.json().message).toMatch(/already taken/);
  });
});

describe('registration numbers', () => {
  for (const kind of KIND_CASES)
    it(`${kind.kind}: a number holding _, % or \\ is its own; the same number in another letter case is taken`, async () => {
      const council = await createCouncil(t.app, { prefix: 'exact_numbers' });
      const stem = `N${seq++}`;
      const { numberField } = kinds[kind.kind];
      const save = (number: string) => send(t.app, council, kind, { ...kind.valid(), [numberField]: number });
      for (const n of [`${stem}X2026X01`, `${stem}A1`, `${stem}\\B`]) {
        const res = await save(n);
        expect(res.statusCode, `${n}: ${res.body}`).toBe(201);
      }
      // Each of these matched one of the above as an ILIKE pattern.
      for (const n of [`${stem}_2026_01`, `${stem}%`, `${stem}_1`, `${stem}\\\\B`]) {
        const res = await save(n);
        expect(res.statusCode, `${n}: ${res.body}`).toBe(201);
      }
      const upper = await save(`${stem}x2026x01`.toUpperCase());
      expect(upper.statusCode, upper.body).toBe(409);
      expect(upper.json().message).toMatch(/already used/);
    });
});
