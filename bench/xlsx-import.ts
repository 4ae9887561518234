// Security issue 25, finding 3: the register import (POST /api/GrampanchayatImport/excel) against a
// workbook of 6,000,000 rows that packs into about 2 MB (tests/helpers/hostile-workbook.ts). The
// portal runs as its own process (server/main.ts through tsx, on a throw-away embedded database), as
// in the finding; this process uploads over HTTP: the workbook once, then twice at once, then a good
// register of 20,000 rows (a dry run) for comparison. For each: the answers and the seconds to the
// last, the server's peak RSS meanwhile (VmRSS sampled every 50 ms) and its RSS 2 s after, and the
// longest a health check waited (one sent 100 ms after the last answered).
// Standalone: npx tsx bench/xlsx-import.ts   (BENCH_ROWS=1000000 for a smaller workbook)
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import ExcelJS from 'exceljs';
import { staffLogin } from '../tests/helpers/http-api.ts';
import { registerSheet, workbookParts, zipOf } from '../tests/helpers/hostile-workbook.ts';
import { freePort } from '../tests/helpers/free-port.ts';

const root = path.resolve(import.meta.dirname, '..');
const ROWS = Number(process.env.BENCH_ROWS ?? 6_000_000);
const PASSWORD = 'Bench-import-1';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const rssMb = (pid: number) => Number(/^VmRSS:\s+(\d+)/m.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? NaN) / 1024;

async function startPortal() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gp-bench-xlsx-'));
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: '',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ADMIN_USERNAME: 'bench',
      ADMIN_PASSWORD: PASSWORD,
      PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
    },
  });
  let out = '';
  child.stderr.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (d) => {
      out += d;
      if (out.includes('Portal ready at')) resolve();
    });
    void exited.then((code) => reject(new Error(`the portal exited (${code}) before it was ready:\n${out}`)));
  });
  return {
    pid: child.pid!,
    baseUrl: `http://127.0.0.1:${port}`,
    alive: () => child.exitCode === null && child.signalCode === null,
    output: () => out,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

type Portal = Awaited<ReturnType<typeof startPortal>>;

/** Uploads each file at once and waits for every answer, measuring the server meanwhile. */
async function measure(portal: Portal, token: string, label: string, files: Buffer[]) {
  let peak = rssMb(portal.pid);
  const before = peak;
  const sampler = setInterval(() => portal.alive() && (peak = Math.max(peak, rssMb(portal.pid))), 50);
  let done = false;
  let longestHealth = 0;
  const health = (async () => {
    while (!done) {
      const t = performance.now();
      await fetch(`${portal.baseUrl}/api/health`).catch(() => undefined);
      longestHealth = Math.max(longestHealth, performance.now() - t);
      await sleep(100);
    }
  })();
  const started = performance.now();
  const answers = await Promise.all(
    files.map(async (file) => {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(file)]), 'register.xlsx');
      try {
        const res = await fetch(`${portal.baseUrl}/api/GrampanchayatImport/excel?dryRun=true`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}` },
          body: form,
        });
        const { message } = (await res.json()) as { message: string };
        return `${res.status} ${message.split(' / ').at(-1)}`;
      } catch (err) {
        return `no answer (${(err as Error).message})`;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  done = true;
  await health;
  clearInterval(sampler);
  await sleep(2000);
  const rssAfter = portal.alive() ? `${rssMb(portal.pid).toFixed(0)} MB` : `gone (${portal.output().trim().split('\n').at(-1)})`;
  console.log(`${label}: ${seconds.toFixed(1)} s`);
  for (const a of answers) console.log(`  answer: ${a}`);
  console.log(
    `  server RSS ${before.toFixed(0)} MB before, peak ${peak.toFixed(0)} MB (+${(peak - before).toFixed(0)}), ${rssAfter} 2 s after; longest health check ${(longestHealth / 1000).toFixed(2)} s`,
  );
}

/** The portal's template filled with `rows` good properties, as a clerk's Excel would send it. */
async function register(baseUrl: string, token: string, rows: number) {
  const res = await fetch(`${baseUrl}/api/GrampanchayatImport/template.xlsx`, { headers: { authorization: `Bearer ${token}` } });
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(await res.arrayBuffer());
  const ws = wb.worksheets[0];
  for (let i = 1; i <= rows; i++)
    ws.addRow([`${i}/अ`, `मालक ${i}`, 'स्वतः', 9000000000 + i, String(i % 300), `३०${i}`, '', 'rcc', 'residential', 2001, 40, '', 1200]);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

export async function run() {
  const t = performance.now();
  const hostile = await zipOf(workbookParts({ text: registerSheet(ROWS) }));
  console.log(
    `hostile workbook: ${(hostile.length / 1024 / 1024).toFixed(2)} MB, ${ROWS.toLocaleString('en')} rows (built in ${((performance.now() - t) / 1000).toFixed(1)} s)`,
  );
  const portal = await startPortal();
  try {
    // Past the start's own work: the PDF worker's warm-up and the database's maintenance (5 s in).
    await sleep(10_000);
    const { token } = await staffLogin(portal.baseUrl, 'bench', PASSWORD);
    const good = await register(portal.baseUrl, token, 20_000);
    await measure(portal, token, 'one hostile workbook', [hostile]);
    await measure(portal, token, 'two hostile workbooks at once', [hostile, hostile]);
    if (!portal.alive()) console.log('the portal has exited: no further figures');
    else await measure(portal, token, 'a good register of 20,000 rows (dry run)', [good]);
  } finally {
    await portal.stop();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) await run();
