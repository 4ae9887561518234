// The README's example for integrators runs as written: the code block is taken from README.md and run
// with Node against a listening portal, with an API token when the portal makes them (else a staff
// login token, which the same header carries).
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { root } from '../../server/config.ts';
import { useTestApp, useCouncil, injectAs, type TestCouncil } from '../helpers/app.ts';
import { caseOf, createValid } from '../helpers/certificates.ts';
import { tempDir } from '../helpers/fixture.ts';

let portal: string;

/** The first ```js block after the README's "For integrators" heading. */
function readmeExample(): string {
  const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('### For integrators'));
  const match = /```js\n([\s\S]*?)```/.exec(section);
  if (!match) throw new Error('README.md: no js example under "For integrators"');
  return match[1];
}

/** An API token with certificates:read when the portal has them, else the council's login token. */
async function tokenFor(c: TestCouncil): Promise<string> {
  const res = await injectAs(t.app, c, {
    method: 'POST',
    url: '/api/ApiTokens',
    payload: { name: 'जिल्हा डॅशबोर्ड', scopes: ['certificates:read'] },
  });
  return res.statusCode < 300 ? (res.json().result.token as string) : c.token;
}

const t = useTestApp();
const dir = tempDir('gp-readme-');
const council = useCouncil(t, { isAdmin: true, prefix: 'readme_api' });
beforeAll(async () => {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  portal = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});

describe("the README's API example", () => {
  it('is ten lines and lists every birth certificate of the council with a token', async () => {
    const code = readmeExample();
    expect(code.trimEnd().split('\n')).toHaveLength(10);
    const birth = caseOf('birth');
    const made = [];
    for (let i = 0; i < 3; i++) made.push(await createValid(t.app, council, birth));
    const file = path.join(dir, 'list-births.mjs');
    fs.writeFileSync(file, code);

    const { stdout } = await promisify(execFile)(process.execPath, [file], {
      env: { ...process.env, PORTAL: portal, TOKEN: await tokenFor(council) },
    });
    const lines = stdout.trim().split('\n');
    expect(lines).toHaveLength(3);
    for (const record of made) expect(lines.some((l) => l.startsWith(`${record.registrationNo} `))).toBe(true);
    expect(stdout).toContain(String(made[0].childFullNameMarathi));
  });

  it('stops with the status and the message when the token is refused', async () => {
    const file = path.join(dir, 'list-births.mjs');
    fs.writeFileSync(file, readmeExample());
    const run = promisify(execFile)(process.execPath, [file], { env: { ...process.env, PORTAL: portal, TOKEN: 'gpp_not-a-token' } });
    await expect(run).rejects.toThrow(/401/);
  });
});
