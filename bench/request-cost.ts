// npm run bench -- request-cost (issue 32, point 5): what one request of each kind of the district
// load mix costs in CPU, in the portal process and in PostgreSQL's backends, so the throughput
// ceiling of a machine is known (cores ÷ CPU per request) whatever else the machine is doing:
// wall-clock percentiles on a shared machine measure the machine, CPU seconds measure the portal.
// Starts one portal (dist/server/main.js: `npm run build` first, the flags of `npm run cluster`) on
// DISTRICT_DB, a district database kept by `DISTRICT_KEEP=1 npm run bench -- district`, then sends
// COST_REQUESTS (400) requests of each kind, COST_CONCURRENCY (8) at a time, and reads the portal's
// and the CPU time of the database's backends from /proc before and after each kind (Linux only).
// COST_KINDS=home,property runs the kinds whose names hold those words; COST_NODE_FLAGS adds flags
// to the portal's node (--cpu-prof --cpu-prof-dir=… for a profile of it).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase, type OpenDatabase } from '../server/db/open.ts';
import { root } from '../server/config.ts';
import { percentile } from './timing.ts';
import { certificatePath } from '../server/lib/signed-links.ts';
import { PATHS } from '../common/certificates/paths.ts';
import { BENCH_PASSWORD, giveBenchPassword } from './district-seed.ts';
import { httpClient } from './http-client.ts';
import { waitForPortal } from '../tests/helpers/portal-ready.ts';

const PORT = Number(process.env.COST_PORT || 8095);
const REQUESTS = Number(process.env.COST_REQUESTS || 400);
const CONCURRENCY = Number(process.env.COST_CONCURRENCY || 8);
const TICK_MS = 1000 / 100; // USER_HZ: /proc counts CPU in hundredths of a second

const client = httpClient(PORT, { maxSockets: CONCURRENCY + 2 });
const get = (url: string, headers: Record<string, string> = {}, body?: unknown) =>
  client.request(body === undefined ? 'GET' : 'POST', url, { headers, body });

/** utime and stime of a process, in ticks (0 once it is gone). */
function cpuSplit(pid: number): { user: number; system: number } {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { user: Number(fields[11]), system: Number(fields[12]) };
  } catch {
    return { user: 0, system: 0 };
  }
}
const cpuTicks = (pid: number) => {
  const { user, system } = cpuSplit(pid);
  return user + system;
};
/** The CPU ticks of the database's backends now (the portal's pool keeps its connections; other
 *  databases' work on the same server, a seed or another bench, is not counted). */
async function postgresTicks(q: OpenDatabase['sql']['query']): Promise<Map<number, number>> {
  const pids = await q<{ pid: number }>(`SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`);
  return new Map(pids.map(({ pid }) => [pid, cpuTicks(pid)]));
}
function postgresSpent(before: Map<number, number>, after: Map<number, number>) {
  let t = 0;
  for (const [pid, ticks] of after) t += ticks - (before.get(pid) ?? 0);
  return t;
}

const pick = <T>(a: readonly T[]) => a[Math.floor(Math.random() * a.length)];
const upTo = (n: number) => 1 + Math.floor(Math.random() * n);

export async function run() {
  const url = process.env.DISTRICT_DB;
  if (!url) return console.log('request-cost: skipped (needs DISTRICT_DB, a district kept by `DISTRICT_KEEP=1 npm run bench -- district`)');
  if (process.platform !== 'linux') return console.log('request-cost: skipped (reads /proc)');
  const main = path.join(root, 'dist', 'server', 'main.js');
  if (!fs.existsSync(main)) return console.log('request-cost: skipped (`npm run build` first)');
  const database = await openDatabase({ databaseUrl: url });
  const q = database.sql.query.bind(database.sql);
  const councils = await q<{ id: number; username: string }>(
    `SELECT d."councilId" AS id, u."username" FROM "DistrictCouncil" d JOIN "User" u ON u."id" = d."councilId" ORDER BY 1`,
  );
  const [{ per }] = await q<{ per: number }>(`SELECT max("serialNo")::int AS per FROM "Property" WHERE "createdByUserId" = $1`, [
    councils[0].id,
  ]);
  const staffCouncils = councils.slice(0, 8);
  await giveBenchPassword(
    database,
    staffCouncils.map((c) => c.id),
  );
  const certificates = await q<{ kind: string; id: string }>(
    `(SELECT 'birth' AS kind, "birthCertificatesId"::text AS id FROM "BirthCertificate" LIMIT 200)
     UNION ALL (SELECT 'death', "deathCertificatesId"::text FROM "DeathCertificate" LIMIT 200)`,
  );
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gp-cost-'));
  const child = spawn(
    process.execPath,
    ['--max-semi-space-size=16', '--v8-pool-size=0', ...(process.env.COST_NODE_FLAGS?.split(' ').filter(Boolean) ?? []), main],
    {
      stdio: ['ignore', 'ignore', 'inherit'],
      env: {
        ...process.env,
        PORT: String(PORT),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: url,
        TRUST_PROXY: '1',
        LOG_LEVEL: 'warn',
      },
    },
  );
  try {
    await waitForPortal(`http://127.0.0.1:${PORT}`, child, { timeoutMs: 120_000 });
    const [{ value: secret }] = await q<{ value: string }>(`SELECT "value" FROM "PortalSetting" WHERE "name" = 'jwt-secret'`);
    const tokens: string[] = [];
    for (const [i, c] of staffCouncils.entries()) {
      const r = await get('/api/User/login', { 'x-forwarded-for': `10.9.0.${i + 1}` }, { username: c.username, password: BENCH_PASSWORD });
      if (r.status !== 200) throw new Error(`login ${c.username}: ${r.status} ${r.body.slice(0, 200)}`);
      tokens.push(JSON.parse(r.body).result.token);
    }
    let n = 0;
    // A public client's own address each request, a staff client's council each request: no limit is reached.
    const publicHeaders = () => ({ 'x-forwarded-for': `10.${1 + (n % 200)}.${n++ % 250}.7`, 'accept-encoding': 'br, gzip' });
    const staffHeaders = () => ({ authorization: `Bearer ${pick(tokens)}`, 'x-forwarded-for': `10.250.${n % 250}.${1 + (n++ % 250)}` });
    const lists = Object.values(PATHS).map((p) => p.listPath);
    const kinds: [string, () => [string, Record<string, string>]][] = [
      ['health (floor)', () => ['/api/health', publicHeaders()]],
      ['home page /', () => ['/', publicHeaders()]],
      [
        'property page (SSR)',
        () => {
          const c = pick(councils).id;
          const no = String(upTo(per));
          return [certificatePath(secret, c, no), publicHeaders()];
        },
      ],
      [
        'certificate QR page',
        () => {
          const c = pick(certificates);
          return [`/${c.kind}qr/${c.id}`, publicHeaders()];
        },
      ],
      ['staff property list', () => [`/api/Properties/paged?pageNumber=${upTo(20)}&pageSize=10`, staffHeaders()]],
      [
        'staff property search',
        () => [
          `/api/Properties/paged?pageNumber=1&pageSize=10&${Math.random() < 0.5 ? `searchMalmatta=${upTo(per)}` : `searchName=${encodeURIComponent(`मालक ${upTo(per)}`)}`}`,
          staffHeaders(),
        ],
      ],
      ['staff certificate list', () => [`${pick(lists)}?pageNumber=1&pageSize=10`, staffHeaders()]],
      [
        'staff certificate search',
        () => [
          `${pick(lists)}?pageNumber=1&pageSize=10&nameFilter=${encodeURIComponent(pick(['पा', 'sh', 'Patil', 'जाधव']))}`,
          staffHeaders(),
        ],
      ],
    ];
    console.log(
      `one portal on ${new URL(url).pathname.slice(1)} (${councils.length} councils × ${per}); ${REQUESTS} requests a kind, ${CONCURRENCY} at a time; ` +
        `${os.cpus().length} cores, load ${os.loadavg()[0].toFixed(1)}`,
    );
    console.log('kind                       portal CPU/req (kernel)  postgres CPU/req  wall p50   p95     req/s   (ceiling on 2 cores)');
    const only = process.env.COST_KINDS?.split(',');
    for (const [name, next] of kinds.filter(([k]) => !only || only.some((o) => k.includes(o)))) {
      // A warm-up pass first: the first renders compile the code they run.
      for (let i = 0; i < 50; i++) await get(...next());
      const p0 = cpuSplit(child.pid!);
      const g0 = await postgresTicks(q);
      const times: number[] = [];
      let sent = 0;
      let bad = 0;
      const t0 = performance.now();
      await Promise.all(
        Array.from({ length: CONCURRENCY }, async () => {
          while (sent < REQUESTS) {
            sent++;
            const t = performance.now();
            const r = await get(...next());
            times.push(performance.now() - t);
            if (r.status >= 400) bad++;
          }
        }),
      );
      const wall = (performance.now() - t0) / 1000;
      const p1 = cpuSplit(child.pid!);
      const portal = ((p1.user + p1.system - p0.user - p0.system) * TICK_MS) / REQUESTS;
      // The kernel's part (socket writes and reads: to PostgreSQL on this machine, loopback TCP
      // unless DATABASE_URL names its socket folder).
      const system = ((p1.system - p0.system) * TICK_MS) / REQUESTS;
      const pg = (postgresSpent(g0, await postgresTicks(q)) * TICK_MS) / REQUESTS;
      const ceiling = (2 * 1000) / (portal + pg);
      console.log(
        `${name.padEnd(26)} ${portal.toFixed(2).padStart(8)} ms (${system.toFixed(2).padStart(4)}) ${pg.toFixed(2).padStart(12)} ms  ${percentile(times, 50).toFixed(1).padStart(6)} ${percentile(
          times,
          95,
        )
          .toFixed(1)
          .padStart(6)}  ${(REQUESTS / wall).toFixed(0).padStart(6)}   (${ceiling.toFixed(0)} req/s)${bad ? `  ${bad} errors` : ''}`,
      );
    }
  } finally {
    child.kill('SIGTERM');
    client.destroy();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
