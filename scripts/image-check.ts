// npm run image:check: the Docker image's second stage without Docker (our machines have no Docker
// engine; deploy/docker-compose.yml runs this image twice). The files the Dockerfile's last stage
// copies from the build are laid out in a temporary folder as it lays them out (node_modules pruned
// of the dev packages, as its build stage does), the portal is started there with the image's ENV
// and CMD on a throw-away database of DATABASE_URL's server, and what a district asks of it is
// done once: the first login, a certificate and its PDF, an Excel file, an image uploaded and
// served, the home page rendered on the server, a backup. A file the image leaves out (a folder
// read at run time, a package moved to the dev ones) fails here, not on a district's server.
// Needs `npm run build` first (the build stage's work).
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { root } from '../server/config.ts';
import { throwawayDatabase } from '../bench/throwaway-database.ts';
import { SMALLEST_BODY, nameAt } from '../bench/certificate-bodies.ts';
import { freePort } from '../tests/helpers/free-port.ts';
import { staffLogin } from '../tests/helpers/http-api.ts';
import { waitForPortal } from '../tests/helpers/portal-ready.ts';

const PASSWORD = 'Image@check1';

/** The last stage of the Dockerfile: what it copies from the build stage, its ENV and its CMD. */
function lastStage(dockerfile: string) {
  const stages = dockerfile.split(/^FROM /m);
  const last = stages[stages.length - 1];
  const copies = [...last.matchAll(/^COPY --from=build \/app\/(\S+) (\S+)$/gm)].map((m) => ({ from: m[1], to: m[2] }));
  const env = Object.fromEntries([...last.matchAll(/^ENV (.+)$/gm)].flatMap((m) => m[1].split(/\s+/).map((kv) => kv.split('='))));
  const cmd = JSON.parse(/^CMD (\[.+\])$/m.exec(last)![1]) as string[];
  return { copies, env, cmd };
}

function check(what: string, ok: boolean, detail = '') {
  console.log(`  ${ok ? 'ok  ' : 'FAIL'} ${what}${detail ? `: ${detail}` : ''}`);
  if (!ok) process.exitCode = 1;
}

async function main() {
  const server = process.env.DATABASE_URL;
  if (!server) throw new Error('image:check needs DATABASE_URL (a PostgreSQL server; a database of its own is made there and dropped)');
  if (!fs.existsSync(path.join(root, 'dist', 'server', 'main.js'))) throw new Error('no build: run `npm run build` first');
  const stage = lastStage(fs.readFileSync(path.join(root, 'Dockerfile'), 'utf8'));
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gp-image-'));
  const database = await throwawayDatabase(server, 'image', 'gp_image');
  let portal: ReturnType<typeof spawn> | undefined;
  try {
    for (const { from, to } of stage.copies) {
      if (from === 'node_modules') continue; // below, pruned as the build stage prunes it
      // `COPY a ./`: into the folder; `COPY a ./b`: as b.
      fs.cpSync(path.join(root, from), path.join(dir, to, to.endsWith('/') ? path.basename(from) : ''), { recursive: true });
    }
    if (stage.copies.some((c) => c.from === 'node_modules')) {
      fs.cpSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'), { recursive: true, verbatimSymlinks: true });
      fs.copyFileSync(path.join(root, 'package-lock.json'), path.join(dir, 'package-lock.json'));
      execFileSync('npm', ['prune', '--omit=dev', '--no-audit', '--no-fund'], { cwd: dir, stdio: 'ignore' });
      fs.rmSync(path.join(dir, 'package-lock.json')); // not copied into the image
    }
    console.log(`image:check: the image's files in ${dir} (${stage.copies.map((c) => c.from).join(', ')})`);
    const port = await freePort();
    const [command, ...args] = stage.cmd;
    const data = path.join(dir, 'data');
    const log: string[] = [];
    portal = spawn(command === 'node' ? process.execPath : command, args, {
      cwd: dir,
      // The image's ENV, then what docker-compose.yml gives a replica.
      env: {
        PATH: process.env.PATH,
        ...stage.env,
        PORT: String(port),
        DATA_DIR: data,
        DATABASE_URL: database.url,
        ADMIN_PASSWORD: PASSWORD,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    for (const s of [portal.stdout!, portal.stderr!]) s.on('data', (b: Buffer) => log.push(b.toString()));
    const base = `http://127.0.0.1:${port}`;
    const exited = new Promise<number | null>((resolve) => portal!.on('exit', resolve));
    await waitForPortal(base, portal, { timeoutMs: 180_000, output: () => log.join('') });
    check('started, migrated', true);
    const json = async (r: Response) => ({ status: r.status, body: (await r.json()) as { result?: Record<string, unknown> } });
    // Throws when refused: nothing after it could be checked.
    const { token } = await staffLogin(base, 'admin', PASSWORD);
    check('first staff login', true);
    const auth = { authorization: `Bearer ${token}` };
    const cert = await json(
      await fetch(`${base}/api/BirthCertificate`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify(SMALLEST_BODY.birth('IMAGE-1', nameAt(1), 100_001)),
      }),
    );
    check('birth certificate saved', cert.status === 201, String(cert.status));
    const pdf = await fetch(`${base}/api/BirthCertificate/GeneratePdf/${String(cert.body.result?.birthCertificatesId)}`, { headers: auth });
    const pdfFile = path.join(dir, 'certificate.pdf');
    fs.writeFileSync(pdfFile, Buffer.from(await pdf.arrayBuffer()));
    const text = pdf.ok ? execFileSync('pdftotext', [pdfFile, '-'], { encoding: 'utf8' }) : '';
    check('its PDF, with its Marathi text', text.includes('जन्म प्रमाणपत्र'), `${pdf.status}`);
    const xlsx = await fetch(`${base}/api/GrampanchayatImport/template.xlsx`, { headers: auth });
    const book = Buffer.from(await xlsx.arrayBuffer());
    check('an Excel file', xlsx.ok && book.subarray(0, 2).toString() === 'PK', String(xlsx.status));
    const jpeg = await sharp({ create: { width: 1600, height: 900, channels: 3, background: { r: 40, g: 120, b: 60 } } })
      .jpeg()
      .toBuffer();
    const form = new FormData();
    form.append('ImageFile', new Blob([jpeg], { type: 'image/jpeg' }), 'slide.jpg');
    form.append('BlogContent', 'पहिली स्लाइड');
    const slide = await fetch(`${base}/api/Corosal`, { method: 'POST', headers: auth, body: form });
    check('an image uploaded (sharp)', slide.status === 201, String(slide.status));
    const home = await fetch(`${base}/`);
    const html = await home.text();
    check('the home page rendered on the server', home.ok && html.includes('id="gp-data"') && html.includes('पहिली स्लाइड'));
    const image = /src="(\/uploads\/[^"]+)"/.exec(html)?.[1];
    const served = image ? await fetch(base + image) : undefined;
    check('the image served', served?.headers.get('content-type') === 'image/webp', `${image} ${served?.status}`);
    const backup = await json(
      await fetch(`${base}/api/Backups`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: '{}' }),
    );
    check('a backup made', backup.status === 201 || backup.status === 200, `${backup.status} ${String(backup.body.result?.name)}`);
    portal.kill('SIGTERM');
    check('stopped on SIGTERM', (await exited) === 0);
    portal = undefined;
  } finally {
    portal?.kill('SIGKILL');
    await database.drop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
  console.log(process.exitCode ? 'image:check FAILED' : 'image:check passed');
}

await main();
