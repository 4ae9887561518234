// Restart time on the embedded database: from spawning the process to "Portal ready" on stdout and
// to the first 200 from /api/health, on a data directory that is already migrated and has its
// first account (a restart, not a first start). Median of RUNS restarts for each way to start:
//   before   what `npm start` ran until now: a Vite build of the web app, then tsx server/main.ts
//   tsx      tsx server/main.ts alone (the TypeScript loader, no build)
//   start    node scripts/start.mjs, today's `npm start`: hash check of the sources, then dist/
//   prod     node dist/server/main.js, `npm run start:prod` (the Docker image's command too)
// start and prod run their package.json command lines, Node flags included.
// npm's own start-up (about 0.3 s for `npm start` / `npm run …`) is left out of all four.
// Standalone: npx tsx bench/restart.ts [way …]
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { freePort } from '../tests/helpers/free-port.ts';

const root = path.resolve(import.meta.dirname, '..');
const RUNS = 5;
const bin = (name: string) => path.join(root, 'node_modules/.bin', name);

/** An npm script of package.json (`node <flags> <file>`) as an argument list, `node` being this Node. */
function npmScript(name: string): [string, string[]] {
  const line: string = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).scripts[name];
  const [cmd, ...args] = line.trim().split(/\s+/);
  if (cmd !== 'node') throw new Error(`${name} should start with node: ${line}`);
  return [process.execPath, args];
}

const WAYS: Record<string, [string, string[]]> = {
  before: ['sh', ['-c', `"${bin('vite')}" build --config web/vite.config.ts --logLevel warn && exec "${bin('tsx')}" server/main.ts`]],
  tsx: [bin('tsx'), ['server/main.ts']],
  start: npmScript('start'),
  prod: npmScript('start:prod'),
};

/** CPU ms used so far by a process and its children (Linux /proc; NaN elsewhere): unlike the wall
 *  times, it hardly depends on what else the machine is doing. */
function cpuOfTree(pid: number): number {
  if (!fs.existsSync('/proc/self/stat')) return NaN;
  const stats = new Map<number, number[]>();
  for (const name of fs.readdirSync('/proc').filter((n) => /^\d+$/.test(n))) {
    try {
      const fields = fs
        .readFileSync(`/proc/${name}/stat`, 'utf8')
        .replace(/^.*\) /, '')
        .split(' ');
      stats.set(Number(name), [Number(fields[1]), ...fields.slice(11, 15).map(Number)]); // ppid, utime, stime, cutime, cstime
    } catch {
      /* gone meanwhile */
    }
  }
  const ticks = (p: number): number => {
    const [, ...times] = stats.get(p) ?? [0];
    const children = [...stats].filter(([, s]) => s[0] === p).map(([c]) => ticks(c));
    return times.reduce((a, b) => a + b, 0) + children.reduce((a, b) => a + b, 0);
  };
  return ticks(pid) * 10; // USER_HZ is 100 on Linux
}

/** One start: ms to the ready line and to the first healthy answer, CPU ms to ready; then a clean stop. */
async function startOnce(way: string, dataDir: string): Promise<{ ready: number; healthy: number; cpu: number }> {
  const port = await freePort();
  const [cmd, args] = WAYS[way];
  const env = { ...process.env, DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'warn' } as Record<string, string>;
  delete env.DATABASE_URL;
  const started = performance.now();
  const child = spawn(cmd, args, { cwd: root, env });
  let out = '';
  let ready = 0;
  let cpu = NaN;
  const exited = new Promise<number>((resolve) => child.on('exit', (code) => resolve(code ?? -1)));
  child.stderr.on('data', (d) => (out += d));
  child.stdout.on('data', (d) => {
    out += d;
    if (!ready && out.includes('Portal ready at')) {
      ready = performance.now() - started;
      cpu = cpuOfTree(child.pid!);
    }
  });
  let healthy = 0;
  while (!healthy) {
    if (child.exitCode !== null) throw new Error(`${way}: the portal exited before it answered:\n${out}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (res.ok) healthy = performance.now() - started;
    } catch {
      await new Promise((r) => setTimeout(r, 10));
    }
  }
  while (!ready) await new Promise((r) => setTimeout(r, 5));
  child.kill('SIGTERM');
  await exited;
  return { ready, healthy, cpu };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

export async function run(ways = Object.keys(WAYS)) {
  const build = spawnSync(process.execPath, ['scripts/build.mjs', '--changed'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('build failed');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gp-restart-'));
  try {
    await startOnce('prod', dataDir); // first start: initdb, migrations, first account
    console.log(`restart on the embedded database, median of ${RUNS} (${os.cpus().length} cores, load ${os.loadavg()[0].toFixed(1)})`);
    console.log('| way | to "Portal ready" | to first /api/health 200 | CPU time to "Portal ready" |');
    console.log('|---|---|---|---|');
    for (const way of ways) {
      const times = [];
      for (let i = 0; i < RUNS; i++) times.push(await startOnce(way, dataDir));
      console.log(
        `| ${way} | ${s(median(times.map((t) => t.ready)))} | ${s(median(times.map((t) => t.healthy)))} | ${s(median(times.map((t) => t.cpu)))} |`,
      );
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href)
  await run(process.argv.length > 2 ? process.argv.slice(2) : undefined);
