// npm run bench:web — how heavy the public home page is on a village phone.
// Builds the web app, starts the real portal on a throw-away embedded database, then
//  1. loads / in Chromium and adds up the gzip size of every script and stylesheet it fetched
//     before any interaction (target: at most 200 KB), and
//  2. runs Lighthouse (mobile preset, simulated slow 4G) twice, printing performance and LCP
//     (target: performance at least 90).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium } from 'playwright-core';

const root = path.resolve(import.meta.dirname, '..');
const CHROME = process.env.CHROME_PATH || '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

if (!process.argv.includes('--no-build')) {
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(1);
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gp-benchweb-'));
const port = await freePort();
const env = { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', ADMIN_PASSWORD: 'Bench-pass1' };
delete (env as Record<string, string | undefined>).DATABASE_URL;
const server = spawn(path.join(root, 'node_modules/.bin/tsx'), ['server/main.ts'], { cwd: root, env, stdio: 'ignore' });
const base = `http://127.0.0.1:${port}`;
try {
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      /* starting */
    }
    if (i > 200) throw new Error('portal did not start');
    await new Promise((r) => setTimeout(r, 250));
  }

  const browser = await chromium.launch({ executablePath: CHROME, args: CHROME_FLAGS.slice(1) });
  const page = await browser.newPage({ viewport: { width: 375, height: 740 } });
  const fetched: { url: string; type: string; raw: number; gzip: number }[] = [];
  page.on('response', async (res) => {
    const type = res.request().resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    const body = await res.body().catch(() => Buffer.alloc(0));
    fetched.push({ url: res.url().replace(base, ''), type, raw: body.length, gzip: zlib.gzipSync(body, { level: 9 }).length });
  });
  await page.goto(`${base}/`, { waitUntil: 'networkidle' });
  await browser.close();
  const total = fetched.reduce((n, f) => n + f.gzip, 0);
  console.log('What / loads before any interaction (JS + CSS):');
  for (const f of fetched.sort((a, b) => b.gzip - a.gzip))
    console.log(`  ${(f.gzip / 1024).toFixed(1).padStart(7)} KB gzip  ${(f.raw / 1024).toFixed(1).padStart(7)} KB raw  ${f.url}`);
  console.log(`  total: ${(total / 1024).toFixed(1)} KB gzip (target: at most 200 KB)`);

  for (let run = 1; run <= 2; run++) {
    const out = path.join(dataDir, `lh-${run}.json`);
    const lh = spawnSync(
      process.execPath,
      [
        path.join(root, 'node_modules/lighthouse/cli/index.js'),
        `${base}/`,
        '--only-categories=performance',
        '--output=json',
        `--output-path=${out}`,
        '--quiet',
        `--chrome-flags=${CHROME_FLAGS.join(' ')}`,
      ],
      { cwd: root, env: { ...process.env, CHROME_PATH: CHROME }, encoding: 'utf8' },
    );
    if (lh.status !== 0 || !fs.existsSync(out)) {
      console.log(`Lighthouse run ${run} failed: ${lh.stderr.slice(-500)}`);
      continue;
    }
    const report = JSON.parse(fs.readFileSync(out, 'utf8'));
    const score = Math.round(report.categories.performance.score * 100);
    const lcp = report.audits['largest-contentful-paint'].displayValue;
    const fcp = report.audits['first-contentful-paint'].displayValue;
    const tbt = report.audits['total-blocking-time'].displayValue;
    console.log(`Lighthouse mobile run ${run}: performance ${score} (target ≥ 90), LCP ${lcp}, FCP ${fcp}, TBT ${tbt}`);
  }
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => server.on('exit', r));
  fs.rmSync(dataDir, { recursive: true, force: true });
}
