// Memory of the running server (issue 12: ≤ 250 MB at ready and ≤ 400 MB under PDF load on the
// embedded database), and the PDF throughput of 16 clients (≥ 150/s on 2 cores). Measured from the
// outside, through HTTP only, on the compiled server started exactly as `npm run start:prod` starts it
// (the command line is read from package.json), so whatever flags that command carries count.
// Builds the server first when its sources changed (scripts/build.mjs --changed, as `npm start`).
//
//   1. PGlite, first start on a new data directory (initdb, every migration, the first account)
//   2. PGlite, restart on that directory, then PDF load
//   3. PostgreSQL (when DATABASE_URL is set), then PDF load; the bench's account and records are
//      deleted after
//
// Each start: the process's RSS (VmRSS in /proc/<pid>/status) and its peak so far (VmHWM) when
// "Portal ready" appears on stdout, and 8 s later (after the PDF warm-up and VACUUM ANALYZE that run
// 5 s after listen). PDF load: 64 certificates of the four kinds are registered through the API, then
// 16 clients each download PDFs one after another for BENCH_SECONDS (20) seconds, walking the records
// from different starting points; RSS is sampled every 100 ms, and the server's CPU time per PDF
// (all its threads) is the figure to compare on a busy machine, where PDFs/s mostly measures the others.
// Standalone: npx tsx bench/memory.ts   (BENCH_START="node --flag dist/server/main.js" to try other flags,
// BENCH_ONLY=postgresql for the PostgreSQL part alone, BENCH_PER_KIND=4 for re-downloads of 16 records)
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import sharp from 'sharp';
import { KIND_CASES, registerCertificate } from '../tests/helpers/certificate-cases.ts';
import { staffLogin, type ApiCall } from '../tests/helpers/http-api.ts';
import { nameAt, SMALLEST_BODY } from './certificate-bodies.ts';
import { freePort } from '../tests/helpers/free-port.ts';

const root = path.resolve(import.meta.dirname, '..');
const CLIENTS = 16;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const TARGET = { ready: 250, load: 400, pdfsPerSecond: 150 };
const PASSWORD = 'Bench-memory-1';

/** `npm run start:prod` as an argument list, `node` being this Node. */
function startCommand(): [string, string[]] {
  const line =
    process.env.BENCH_START ?? (JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).scripts['start:prod'] as string);
  const [cmd, ...args] = line.trim().split(/\s+/);
  if (cmd !== 'node') throw new Error(`start:prod should start with node: ${line}`);
  return [process.execPath, args];
}

/** VmRSS and VmHWM of a process in MB (Linux). */
function memoryOf(pid: number): { rss: number; hwm: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? NaN);
  return { rss: kb('VmRSS') / 1024, hwm: kb('VmHWM') / 1024 };
}

/** CPU seconds the process (all its threads) has used: unlike PDFs/s, it hardly depends on what
 *  else the machine runs. */
function cpuOf(pid: number): number {
  const fields = fs
    .readFileSync(`/proc/${pid}/stat`, 'utf8')
    .replace(/^.*\) /, '')
    .split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100; // utime + stime, USER_HZ 100
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const load = () => os.loadavg()[0].toFixed(1);
const mb = (n: number) => `${n.toFixed(0)} MB`;
const verdict = (value: number, target: number, below = true) => ((below ? value <= target : value >= target) ? 'ok' : 'OVER');

interface Portal {
  child: ChildProcess;
  baseUrl: string;
  output: () => string;
  readyMs: number;
  atReady: { rss: number; hwm: number };
  stop(): Promise<void>;
}

async function startPortal(env: Record<string, string>): Promise<Portal> {
  const port = await freePort();
  const [cmd, args] = startCommand();
  const started = performance.now();
  const child = spawn(cmd, args, {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', PUBLIC_BASE_URL: `http://127.0.0.1:${port}` },
  });
  let out = '';
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  const ready = await new Promise<{ ms: number; mem: { rss: number; hwm: number } }>((resolve, reject) => {
    child.stdout!.on('data', (d) => {
      const before = out;
      out += d;
      if (!before.includes('Portal ready at') && out.includes('Portal ready at'))
        resolve({ ms: performance.now() - started, mem: memoryOf(child.pid!) });
    });
    child.on('exit', (code) => reject(new Error(`the portal exited (${code}) before it was ready:\n${out}`)));
  });
  return {
    child,
    baseUrl: `http://127.0.0.1:${port}`,
    output: () => out,
    readyMs: ready.ms,
    atReady: ready.mem,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

// The smallest valid certificates (certificate-bodies.ts), each of another name: 16 of each kind, 64
// records, more than PDFs keep font subsets of (32 a font, server/lib/pdf/core.ts), so each PDF's
// subset of the names' font is made afresh, as for a certificate printed the first time.
// BENCH_PER_KIND=4 measures re-downloads of a few records instead (their subsets then come cached).
const PER_KIND = Number(process.env.BENCH_PER_KIND ?? 16);

/** Registers PER_KIND certificates of each kind; answers their PDF paths, kinds interleaved. */
async function seed(call: ApiCall): Promise<string[]> {
  // Plain-coloured, as the figures were taken with (the tests' drawn faces cost the PDFs more bytes).
  const plain = (background: string) =>
    sharp({ create: { width: 300, height: 380, channels: 3, background } })
      .jpeg()
      .toBuffer();
  const photos = { husbandPhoto: await plain('#c8d8e8'), wifePhoto: await plain('#e8d0d8') };
  const byKind: string[][] = [];
  for (const c of KIND_CASES) {
    const paths: string[] = [];
    for (let i = 0; i < PER_KIND; i++) {
      const body = SMALLEST_BODY[c.kind](`${c.kind[0].toUpperCase()}-MEM/${i}`, nameAt(i), i + 1);
      const record = await registerCertificate(call, c, body, photos);
      paths.push(c.pdfUrl(String(record[c.idField])));
    }
    byKind.push(paths);
  }
  return Array.from({ length: PER_KIND * KIND_CASES.length }, (_, i) => byKind[i % KIND_CASES.length][Math.floor(i / KIND_CASES.length)]);
}

async function fetchPdf(portal: Portal, token: string, url: string): Promise<void> {
  const res = await fetch(portal.baseUrl + url, { headers: { authorization: `Bearer ${token}` } });
  const body = Buffer.from(await res.arrayBuffer());
  if (res.status !== 200 || body.subarray(0, 5).toString() !== '%PDF-')
    throw new Error(`GET ${url}: ${res.status} ${body.subarray(0, 200)}`);
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

interface LoadResult {
  pdfs: number;
  perSecond: number;
  p50: number;
  p95: number;
  /** Server CPU ms per PDF. */
  cpuPerPdf: number;
  peak: number;
  after: number;
  hwm: number;
  load: string;
}

/** CLIENTS clients downloading PDFs back to back for SECONDS, RSS sampled every 100 ms. */
async function pdfLoad(portal: Portal, token: string, urls: string[]): Promise<LoadResult> {
  for (const url of urls.slice(0, KIND_CASES.length)) await fetchPdf(portal, token, url); // each kind once: first-use costs out of the figures
  const pid = portal.child.pid!;
  let peak = memoryOf(pid).rss;
  const sampler = setInterval(() => (peak = Math.max(peak, memoryOf(pid).rss)), 100);
  const times: number[] = [];
  const cpuBefore = cpuOf(pid);
  const started = performance.now();
  const until = started + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CLIENTS }, async (_, c) => {
      for (let i = c; performance.now() < until; i++) {
        const t = performance.now();
        await fetchPdf(portal, token, urls[i % urls.length]);
        times.push(performance.now() - t);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const cpu = cpuOf(pid) - cpuBefore;
  clearInterval(sampler);
  const after = memoryOf(pid);
  times.sort((a, b) => a - b);
  return {
    pdfs: times.length,
    perSecond: times.length / elapsed,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    cpuPerPdf: (cpu * 1000) / times.length,
    peak: Math.max(peak, after.rss),
    after: after.rss,
    hwm: after.hwm,
    load: load(),
  };
}

interface StartResult {
  name: string;
  readyMs: number;
  atReady: { rss: number; hwm: number };
  later: { rss: number; hwm: number };
  load: string;
  pdf?: LoadResult;
}

/** Start, sample at ready and 8 s later; then (when given an account to log in with) the PDF load. */
async function measure(
  name: string,
  env: Record<string, string>,
  account: (portal: Portal) => Promise<{ username: string; password: string } | null>,
): Promise<StartResult> {
  const portal = await startPortal(env);
  try {
    await sleep(8000);
    const later = memoryOf(portal.child.pid!);
    const result: StartResult = { name, readyMs: portal.readyMs, atReady: portal.atReady, later, load: load() };
    const who = await account(portal);
    if (who) {
      const { token, call } = await staffLogin(portal.baseUrl, who.username, who.password);
      result.pdf = await pdfLoad(portal, token, await seed(call));
    }
    return result;
  } finally {
    await portal.stop();
  }
}

/** The account the first start makes and prints. */
function printedAccount(portal: Portal): { username: string; password: string } {
  const m = /username: (\S+)\s+password: (\S+)/.exec(portal.output());
  if (!m) throw new Error(`the first start printed no first account:\n${portal.output()}`);
  return { username: m[1], password: m[2] };
}

/** On PostgreSQL: an account of the bench's own (the database may have others); deleted after. */
function addAccount(databaseUrl: string, username: string) {
  const cli = spawnSync(process.execPath, ['dist/server/cli/user.js', 'add', username, '--password', PASSWORD], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: databaseUrl },
    encoding: 'utf8',
  });
  if (cli.status !== 0) throw new Error(`could not add the bench account: ${cli.stderr}`);
}
async function deleteAccount(databaseUrl: string, username: string) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('DELETE FROM "User" WHERE username = $1', [username]); // its records go with it (ON DELETE CASCADE)
  } finally {
    await client.end();
  }
}

function printResults(results: StartResult[]) {
  console.log(`\n| start | to "Portal ready" | RSS at ready (≤ ${TARGET.ready} MB) | peak so far | RSS 8 s later | load |`);
  console.log('|---|---|---|---|---|---|');
  for (const r of results)
    console.log(
      `| ${r.name} | ${(r.readyMs / 1000).toFixed(2)} s | ${mb(r.atReady.rss)} ${verdict(r.atReady.rss, TARGET.ready)} | ${mb(r.atReady.hwm)} | ${mb(r.later.rss)} ${verdict(r.later.rss, TARGET.ready)} | ${r.load} |`,
    );
  const loaded = results.filter((r) => r.pdf);
  if (!loaded.length) return;
  console.log(
    `\n${CLIENTS} clients downloading certificate PDFs (4 kinds, ${PER_KIND * KIND_CASES.length} records) for ${SECONDS} s (${os.cpus().length} cores):`,
  );
  console.log(
    `| database | PDFs/s (≥ ${TARGET.pdfsPerSecond}) | p50 | p95 | server CPU per PDF | peak RSS (≤ ${TARGET.load} MB) | RSS after | VmHWM of the run | load |`,
  );
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const { name, pdf: p } of loaded)
    console.log(
      `| ${name} | ${p!.perSecond.toFixed(1)} ${verdict(p!.perSecond, TARGET.pdfsPerSecond, false)} | ${p!.p50.toFixed(0)} ms | ${p!.p95.toFixed(0)} ms | ${p!.cpuPerPdf.toFixed(1)} ms | ${mb(p!.peak)} ${verdict(p!.peak, TARGET.load)} | ${mb(p!.after)} | ${mb(p!.hwm)} | ${p!.load} |`,
    );
}

export async function run() {
  const built = spawnSync(process.execPath, ['scripts/build.mjs', '--changed'], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) throw new Error('the build failed: bench/memory.ts runs the compiled server');
  if (!fs.existsSync('/proc/self/status')) throw new Error('bench/memory.ts reads /proc (Linux only)');
  const [cmd, args] = startCommand();
  console.log(`Server memory: \`${path.basename(cmd)} ${args.join(' ')}\` (Node ${process.version}, load ${load()})`);
  const results: StartResult[] = [];
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gp-bench-memory-'));
  // Empty is unset for the server: the embedded database, and a first account it makes up.
  const pglite = { DATA_DIR: dataDir, DATABASE_URL: '', ADMIN_USERNAME: '', ADMIN_PASSWORD: '' };
  // BENCH_ONLY=postgresql: the PostgreSQL part alone (A/B runs of a change that touches only it).
  if (process.env.BENCH_ONLY !== 'postgresql')
    try {
      let first: { username: string; password: string } | null = null;
      results.push(
        await measure('PGlite, first start (new data directory)', pglite, async (portal) => {
          first = printedAccount(portal);
          return null;
        }),
      );
      results.push(await measure('PGlite, restart', pglite, async () => first));
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  const databaseUrl = process.env.DATABASE_URL;
  if (databaseUrl) {
    const username = `bench_mem_${process.pid}`;
    addAccount(databaseUrl, username);
    try {
      results.push(await measure('PostgreSQL', { DATABASE_URL: databaseUrl }, async () => ({ username, password: PASSWORD })));
    } finally {
      await deleteAccount(databaseUrl, username);
    }
  }
  printResults(results);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await run();
