// npm run bench:web — how heavy and how fast the public pages are on a village phone.
// Builds the portal, starts it on a throw-away embedded database and seeds the realistic case
// (the office profile filled, 3 slides from 1600×900 JPEGs, 6 news posts), then
//  1. loads / in Chromium at 375 px and adds up the gzip size of every byte it downloads before any
//     interaction: scripts and stylesheets (target: at most 100 KB), and everything (HTML, images, fonts);
//  2. runs Lighthouse 12 (mobile preset, simulated slow 4G, 4× CPU) three times and takes the median
//     performance score (target: at least 98) and Largest Contentful Paint (target: at most 1.2 s).
//  3. weighs the property search, a property certificate and a receipt check the same way as 1
//     (same target; `--list-all` lists their downloads too).
// `--no-build` skips the build; `--runs N` changes the number of Lighthouse runs; `--weights-only`
// skips Lighthouse; `--ceiling` adds a run with every script blocked after each run (the page's
// best score on this machine).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium } from 'playwright-core';
import { seed } from './web-seed.ts';
import { CHROMIUM_PATH, CHROMIUM_FLAGS } from '../tests/helpers/chromium.ts';
import { freePort } from '../tests/helpers/free-port.ts';
import { waitForPortal } from '../tests/helpers/portal-ready.ts';

const root = path.resolve(import.meta.dirname, '..');
/** Lighthouse starts Chromium itself: headless, with the flags of the browser tests. */
const CHROME_FLAGS = ['--headless', ...CHROMIUM_FLAGS];
const runsArg = process.argv.indexOf('--runs');
const RUNS = runsArg > 0 ? Number(process.argv[runsArg + 1]) : 3;
const TARGET = { weightKb: 100, score: 98, lcpMs: 1200 };

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? (s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2) : NaN;
};
const row = (what: string, target: string, result: string, ok: boolean) =>
  console.log(`  ${what.padEnd(52)} ${target.padEnd(10)} ${result.padEnd(34)} ${ok ? 'met' : 'NOT met'}`);

if (!process.argv.includes('--no-build')) {
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(1);
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gp-benchweb-'));
const port = await freePort();
const username = 'admin';
const password = 'Bench-pass1';
const env = {
  ...process.env,
  PORT: String(port),
  DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
  ADMIN_USERNAME: username,
  ADMIN_PASSWORD: password,
};
delete (env as Record<string, string | undefined>).DATABASE_URL;
delete (env as Record<string, string | undefined>).PUBLIC_USER_ID;
const server = spawn(process.execPath, ['dist/server/main.js'], { cwd: root, env, stdio: 'ignore' });
const base = `http://127.0.0.1:${port}`;
try {
  // A first start makes the embedded database (initdb), slow on a loaded machine.
  await waitForPortal(base, server, { timeoutMs: 300_000 });
  const seeded = await seed(base, username, password);

  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  /** Loads the path at 375 px and adds up what it downloads before any interaction: scripts and
   *  stylesheets (the stylesheets the server inlined into the HTML count as CSS too), and all bytes. */
  async function weigh(pathname: string, list: boolean): Promise<{ codeKb: number; allKb: number }> {
    const page = await browser.newPage({ viewport: { width: 375, height: 740 }, deviceScaleFactor: 2 });
    const fetched: { url: string; type: string; raw: number; gzip: number; body: string }[] = [];
    const pending: Promise<void>[] = [];
    page.on('response', (res) => {
      pending.push(
        (async () => {
          const type = res.request().resourceType();
          const body = await res.body().catch(() => Buffer.alloc(0));
          // Images and fonts are already compressed: they travel as they are.
          const packed = type === 'image' || type === 'font' ? body.length : zlib.gzipSync(body, { level: 9 }).length;
          fetched.push({
            url: res.url().replace(base, ''),
            type,
            raw: body.length,
            gzip: packed,
            body: type === 'document' ? body.toString() : '',
          });
        })(),
      );
    });
    await page.goto(base + pathname, { waitUntil: 'networkidle' });
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    await Promise.all(pending);
    await page.close();
    const sum = (l: typeof fetched) => l.reduce((n, f) => n + f.gzip, 0);
    const code = fetched.filter((f) => f.type === 'script' || f.type === 'stylesheet');
    const html = fetched.find((f) => f.type === 'document');
    const inline = html ? [...(html.body.match(/<style>[\s\S]*?<\/style>/g) ?? [])].join('') : '';
    const inlineKb = inline ? zlib.gzipSync(inline, { level: 9 }).length / 1024 : 0;
    if (list) {
      console.log(`\nWhat ${pathname} downloads at 375 px before any interaction (text gzip -9, images and fonts as sent):`);
      for (const f of fetched.sort((a, b) => b.gzip - a.gzip))
        console.log(
          `  ${(f.gzip / 1024).toFixed(1).padStart(7)} KB  ${(f.raw / 1024).toFixed(1).padStart(7)} KB raw  ${f.type.padEnd(10)} ${f.url.slice(0, 90)}`,
        );
      if (inlineKb) console.log(`  ${inlineKb.toFixed(1).padStart(7)} KB  (inline <style> in the HTML, counted as CSS)`);
    }
    return { codeKb: sum(code) / 1024 + inlineKb, allKb: sum(fetched) / 1024 };
  }
  const { codeKb, allKb } = await weigh('/', true);
  // The property pages and the receipt check (server-rendered like the home page, issue 12).
  const others: [string, string][] = [
    ['property search /usermalmatta', '/usermalmatta'],
    ['property certificate /propertyqr', `/propertyqr/${encodeURIComponent(seeded.malmattaNo)}/${seeded.councilId}`],
    ['receipt check /receiptqr', `/receiptqr/${seeded.receiptId}`],
  ];
  const otherWeights: { what: string; codeKb: number; allKb: number }[] = [];
  for (const [what, pathname] of others) otherWeights.push({ what, ...(await weigh(pathname, process.argv.includes('--list-all'))) });
  await browser.close();

  const scores: number[] = [];
  const lcps: number[] = [];
  const details: string[] = [];
  // --ceiling: each run is followed by one with every script blocked, the page as a phone without
  // JavaScript gets it. That score is what this machine allows the page at best (its document's own
  // parse, style and layout, slowed 4×), so the two medians tell the scripts' cost from the machine's.
  const ceiling = process.argv.includes('--ceiling');
  const noJsScores: number[] = [];
  const benchmarkIndexes: number[] = [];
  let lighthouseError = '';
  const passes = (process.argv.includes('--weights-only') ? 0 : RUNS) * (ceiling ? 2 : 1);
  for (let pass = 0; pass < passes; pass++) {
    const noJs = ceiling && pass % 2 === 1;
    const run = (ceiling ? pass >> 1 : pass) + 1;
    const out = path.join(dataDir, `lh-${run}${noJs ? '-nojs' : ''}.json`);
    const lh = spawnSync(
      process.execPath,
      [
        path.join(root, 'node_modules/lighthouse/cli/index.js'),
        `${base}/`,
        '--only-categories=performance',
        '--form-factor=mobile',
        '--throttling-method=simulate',
        '--output=json',
        `--output-path=${out}`,
        '--quiet',
        `--chrome-flags=${CHROME_FLAGS.join(' ')}`,
        ...(noJs ? ['--blocked-url-patterns=*.js'] : []),
      ],
      { cwd: root, env: { ...process.env, CHROME_PATH: CHROMIUM_PATH }, encoding: 'utf8' },
    );
    if (lh.status !== 0 || !fs.existsSync(out)) {
      lighthouseError = lh.stderr.slice(-500);
      console.log(`Lighthouse run ${run} failed: ${lighthouseError}`);
      continue;
    }
    if (process.env.KEEP_LH) fs.copyFileSync(out, path.join(process.env.KEEP_LH, path.basename(out)));
    const report = JSON.parse(fs.readFileSync(out, 'utf8'));
    const score = Math.round(report.categories.performance.score * 100);
    const a = report.audits;
    benchmarkIndexes.push(report.environment.benchmarkIndex);
    if (noJs) noJsScores.push(score);
    else {
      scores.push(score);
      lcps.push(a['largest-contentful-paint'].numericValue);
    }
    details.push(
      `  run ${run}${noJs ? ', scripts blocked' : ''}: performance ${score}, FCP ${a['first-contentful-paint'].displayValue}, LCP ${a['largest-contentful-paint'].displayValue}, TBT ${a['total-blocking-time'].displayValue}, CLS ${a['cumulative-layout-shift'].displayValue}, SI ${a['speed-index'].displayValue}`,
    );
  }
  if (details.length)
    console.log(
      `\nLighthouse ${RUNS}× (mobile, simulated throttling; this machine's BenchmarkIndex ${Math.round(median(benchmarkIndexes))}, Lighthouse's reference desktop ~1,000+):`,
    );
  details.forEach((d) => console.log(d));

  console.log('\nThe home page with content (3 slides, 6 news posts, the office profile), and the property pages:');
  row('what', 'target', 'result', true);
  row(
    'home JS+CSS, gzip',
    `≤ ${TARGET.weightKb} KB`,
    `${codeKb.toFixed(1)} KB (all bytes ${allKb.toFixed(0)} KB)`,
    codeKb <= TARGET.weightKb,
  );
  for (const o of otherWeights)
    row(
      `${o.what} JS+CSS, gzip`,
      `≤ ${TARGET.weightKb} KB`,
      `${o.codeKb.toFixed(1)} KB (all bytes ${o.allKb.toFixed(0)} KB)`,
      o.codeKb <= TARGET.weightKb,
    );
  if (scores.length) {
    const s = median(scores);
    const l = median(lcps);
    row(
      `Lighthouse mobile performance, median of ${scores.length}`,
      `≥ ${TARGET.score}`,
      `${s} (runs ${scores.join(', ')})`,
      s >= TARGET.score,
    );
    if (noJsScores.length)
      row(
        `  scripts blocked (ceiling), median of ${noJsScores.length}`,
        `≥ ${TARGET.score}`,
        `${median(noJsScores)} (runs ${noJsScores.join(', ')})`,
        median(noJsScores) >= TARGET.score,
      );
    row(
      'Largest Contentful Paint, median',
      `≤ ${(TARGET.lcpMs / 1000).toFixed(1)} s`,
      `${(l / 1000).toFixed(2)} s (runs ${lcps.map((x) => (x / 1000).toFixed(2)).join(', ')})`,
      l <= TARGET.lcpMs,
    );
  } else {
    const skipped = process.argv.includes('--weights-only');
    row('Lighthouse mobile performance', `≥ ${TARGET.score}`, skipped ? 'not run (--weights-only)' : 'Lighthouse could not run', skipped);
  }
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => server.on('exit', r));
  fs.rmSync(dataDir, { recursive: true, force: true });
}
